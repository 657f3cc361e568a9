"""The memory browser in headless Chromium against a real hub: sign in with a token, list, search, open a
timeline, correct a memory (seen through the API), draw the graph, stay inside the token's namespace, work at
phone width and from the keyboard."""

from __future__ import annotations

import io
import json
import os
from typing import Any

import pytest

try:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support import expected_conditions as ec
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:
    if os.environ.get("MEM_GRAPH_REQUIRE_BROWSER") == "1":
        raise
    pytest.skip("browser tests need the selenium package (pip install selenium) and Debian's chromium + "
                "chromium-driver", allow_module_level=True)

NS_A, NS_B, USER = "ui-alpha", "ui-beta", "alice"
BOB, CAROL = "bob", "carol"
WAIT = 60


def wait(drv: Any, cond: Any, timeout: float = WAIT) -> Any:
    return WebDriverWait(drv, timeout).until(cond)


def sign_in(drv: Any, ui_hub: Any, who: str = "a", user: str = USER) -> None:
    drv.get(f"{ui_hub.url}/ui/")
    wait(drv, ec.visibility_of_element_located((By.ID, "token"))).send_keys(ui_hub.tokens[who])
    drv.find_element(By.ID, "connect").click()
    wait(drv, ec.visibility_of_element_located((By.ID, "nav")))
    box = drv.find_element(By.ID, "user_id")
    box.clear()
    box.send_keys(user, Keys.TAB)  # change event: the list reloads for this user
    settled(drv)
    wait(drv, lambda d: d.find_elements(By.CSS_SELECTOR, "#memory-list li[data-id]"))


def settled(drv: Any) -> None:
    """Wait until no view is loading (the page counts them in MG.busy)."""
    wait(drv, lambda d: d.execute_script("return window.MG && MG.busy === 0"))


def texts(drv: Any, css: str) -> list[str]:
    return [e.text for e in drv.find_elements(By.CSS_SELECTOR, css)]


def not_blank(png: bytes) -> int:
    """How many distinct colours the picture has (a blank one has one or two)."""
    from PIL import Image

    img = Image.open(io.BytesIO(png)).convert("RGB").resize((320, 200))
    return len(set(img.getdata()))


def test_sign_in_list_search_and_timeline(driver: Any, ui_hub: Any, shoot: Any) -> None:
    sign_in(driver, ui_hub)
    listed = texts(driver, "#memory-list li .text")
    assert "User moved to Berlin" in listed and "User lives in Paris" in listed  # invalidated ones too
    paris = driver.find_element(By.XPATH, "//li[contains(@class,'invalidated')]/button[.='User lives in Paris']")
    assert paris.value_of_css_property("text-decoration-line") == "line-through"
    assert driver.execute_script("return sessionStorage.getItem('mg_token')") == ui_hub.tokens["a"]
    shoot(driver, "memories")

    driver.find_element(By.ID, "nav-search").click()
    driver.find_element(By.ID, "query").send_keys("where does alice live?", Keys.ENTER)
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#search-results li .bars"))
    first = driver.find_element(By.CSS_SELECTOR, "#search-results li")
    api = ui_hub.client("a")
    want = api.search("where does alice live?", user_id=USER, explain=True)
    assert texts(driver, "#search-results li .text") == [r["memory"] for r in want["results"]]
    labels = texts(driver, "#search-results li:first-child .bars > span:nth-child(3n+1)")
    assert {"semantic", "keyword", "graph", "fused"} <= set(labels)
    widths = driver.execute_script(
        "return [...document.querySelectorAll('#search-results li:first-child .bar span')].map(s => s.style.width)")
    assert any(w not in ("", "0%", "0.0%") for w in widths)
    if want["relations"]:
        assert texts(driver, "#search-results li .rels li")
    api.close()
    shoot(driver, "search")

    assert first.find_element(By.CSS_SELECTOR, ".text").text == want["results"][0]["memory"]
    driver.find_element(By.XPATH, "//*[@id='search-results']//button[.='User moved to Berlin']").click()
    wait(driver, ec.visibility_of_element_located((By.ID, "view-timeline")))
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#events li"))
    assert texts(driver, "#events li .kind") == ["ADD", "UPDATE"]  # Paris added, then replaced by Berlin
    assert any("single_value" in r or "replacement" in r for r in texts(driver, "#events li .rule"))
    assert any(t.startswith("replaced") for t in texts(driver, "#events li div"))
    shoot(driver, "timeline")


def test_correct_a_memory_and_see_it_through_the_api(driver: Any, ui_hub: Any) -> None:
    sign_in(driver, ui_hub, user=CAROL)
    api = ui_hub.client("a")
    jazz = next(m for m in api.get_all(user_id=CAROL)["results"] if m["memory"] == "User loves jazz")
    driver.find_element(By.XPATH, "//button[.='User loves jazz']").click()
    wait(driver, ec.element_to_be_clickable((By.ID, "invalidate"))).click()
    wait(driver, ec.element_to_be_clickable((By.ID, "restore")))
    settled(driver)
    assert api.get(jazz["id"], user_id=CAROL)["status"] == "invalidated"
    last = api.history(jazz["id"], user_id=CAROL)[-1]
    assert (last["event"], last["actor"]) == ("INVALIDATE", "user") and "(via ui-a)" in last["reason"]
    assert api.add("I love jazz.", user_id=CAROL)["results"][0]["event"] == "NONE"  # restated: still corrected

    driver.find_element(By.ID, "restore").click()
    wait(driver, ec.element_to_be_clickable((By.ID, "invalidate")))
    settled(driver)
    driver.find_element(By.ID, "edit").click()
    box = wait(driver, ec.visibility_of_element_located((By.ID, "edit-text")))
    box.clear()
    box.send_keys("User loves blues")
    driver.find_element(By.ID, "save-edit").click()
    wait(driver, lambda d: "User loves blues" in d.find_element(By.ID, "memory-card").text)
    settled(driver)
    got = api.get(jazz["id"], user_id=CAROL)
    assert got["memory"] == "User loves blues" and got["status"] == "active"
    assert api.history(jazz["id"], user_id=CAROL)[-1]["reason"].startswith("[user_correction]")

    driver.find_element(By.ID, "wrong").click()
    wait(driver, lambda d: "wrong 1" in d.find_element(By.ID, "memory-card").text)
    settled(driver)
    assert api.get(jazz["id"], user_id=CAROL)["source"]["feedback"] == {"useful": 0, "wrong": 1}

    # undo the reconciliation that replaced Paris with Berlin, from Berlin's timeline
    berlin = next(m for m in api.get_all(user_id=CAROL)["results"] if m["memory"] == "User moved to Berlin")
    driver.find_element(By.ID, "nav-memories").click()
    settled(driver)
    wait(driver, ec.element_to_be_clickable((By.XPATH, "//button[.='User moved to Berlin']"))).click()
    settled(driver)
    wait(driver, ec.element_to_be_clickable((By.CSS_SELECTOR, "#events li button.undo"))).click()
    wait(driver, ec.element_to_be_clickable((By.ID, "restore")))
    settled(driver)
    current = {m["memory"] for m in api.get_all(user_id=CAROL)["results"]}
    assert "User lives in Paris" in current and "User moved to Berlin" not in current
    assert api.get(berlin["id"], user_id=CAROL)["status"] == "invalidated"
    api.close()


def test_graph_draws_every_entity_and_marks_invalidated_edges(driver: Any, ui_hub: Any, shoot: Any) -> None:
    sign_in(driver, ui_hub, user=BOB)
    driver.find_element(By.ID, "nav-graph").click()
    settled(driver)
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#graph .node"))
    api = ui_hub.client("a")
    entities = {r["name"] for r in api.graph.cypher("MATCH (e:Entity) RETURN e.display AS name", user_id=BOB)}
    rels = api.graph.relations(user_id=BOB, include_invalid=True)
    assert len(driver.find_elements(By.CSS_SELECTOR, "#graph .node")) == len(entities) > 0
    assert len(driver.find_elements(By.CSS_SELECTOR, "#graph line.edge")) == len(rels)
    invalid = driver.find_elements(By.CSS_SELECTOR, "#graph line.edge.invalid")
    assert len(invalid) == sum(not r["valid"] for r in rels) > 0
    assert invalid[0].value_of_css_property("stroke-dasharray") not in ("none", "")
    assert set(texts(driver, "#graph .elabel")) >= {r["relationship"] for r in rels}
    png = shoot(driver, "graph")
    assert not_blank(driver.find_element(By.ID, "graph").screenshot_as_png) > 10 and not_blank(png) > 10

    node = driver.find_element(By.CSS_SELECTOR, "#graph .node[data-name='Anna']")
    driver.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", node)
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#entity-memories li button"))
    panel = driver.find_element(By.ID, "entity-panel").text
    assert "Lyon" in panel and "lives in Lyon" in panel
    api.close()


def test_a_token_of_one_namespace_never_shows_another(driver: Any, ui_hub: Any) -> None:
    sign_in(driver, ui_hub, who="b")
    assert texts(driver, "#memory-list li .text") == ["User's secret project is Bluebird"] or all(
        "Paris" not in t and "Berlin" not in t for t in texts(driver, "#memory-list li .text"))
    assert [o.get_attribute("value") for o in driver.find_elements(By.CSS_SELECTOR, "#namespace option")] == [NS_B]
    # force the other namespace into the scope bar: the hub refuses, the page shows the refusal and no data
    driver.execute_script(f"const s = document.getElementById('namespace'); s.append(new Option('{NS_A}', '{NS_A}'));"
                          f"s.value = '{NS_A}'; s.dispatchEvent(new Event('change'));")
    wait(driver, ec.visibility_of_element_located((By.ID, "error")))
    assert "403" in driver.find_element(By.ID, "error").text
    for view in ("nav-search", "nav-graph"):
        driver.find_element(By.ID, view).click()
    driver.find_element(By.ID, "nav-search").click()
    driver.find_element(By.ID, "query").send_keys("where does alice live?", Keys.ENTER)
    wait(driver, lambda d: "403" in d.find_element(By.ID, "error").text)
    source = driver.page_source
    for secret in ("Paris", "Berlin", "Acme", "Lyon"):
        assert secret not in source


def test_phone_width(phone: Any, ui_hub: Any, shoot: Any) -> None:
    sign_in(phone, ui_hub)
    assert phone.execute_script("return document.documentElement.scrollWidth") <= 392  # no sideways scrolling
    for view in ("nav-memories", "nav-search", "nav-graph", "nav-timeline"):
        assert phone.find_element(By.ID, view).is_displayed()
    shoot(phone, "phone-memories")
    phone.find_element(By.ID, "nav-graph").click()
    settled(phone)
    wait(phone, lambda d: d.find_elements(By.CSS_SELECTOR, "#graph .node"))
    assert phone.execute_script("return document.documentElement.scrollWidth") <= 392
    assert not_blank(phone.find_element(By.ID, "graph").screenshot_as_png) > 10
    shoot(phone, "phone-graph")


def test_every_view_is_reachable_from_the_keyboard(driver: Any, ui_hub: Any) -> None:
    sign_in(driver, ui_hub)
    driver.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.TAB)
    seen = []
    for _ in range(40):
        seen.append(driver.execute_script("return document.activeElement.id"))
        if seen[-1] == "nav-timeline":
            break
        driver.switch_to.active_element.send_keys(Keys.TAB)
    assert {"nav-memories", "nav-search", "nav-graph", "nav-timeline"} <= set(seen), seen
    for view in ("search", "graph", "memories"):
        el = driver.find_element(By.ID, f"nav-{view}")
        driver.execute_script("arguments[0].focus()", el)
        driver.switch_to.active_element.send_keys(Keys.ENTER)
        wait(driver, ec.visibility_of_element_located((By.ID, f"view-{view}")))
        settled(driver)
    # a graph entity takes focus and opens with Enter
    driver.find_element(By.ID, "nav-graph").click()
    settled(driver)
    node = wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#graph .node"))[0]
    driver.execute_script("arguments[0].focus()", node)
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#entity-panel h2"))


@pytest.mark.parametrize("width,height", [(1280, 800)])
def test_token_from_the_url_fragment_is_kept_for_the_tab_only(new_driver: Any, ui_hub: Any, width: int,
                                                              height: int) -> None:
    drv = new_driver(width, height)
    drv.get(f"{ui_hub.url}/ui/#token={ui_hub.tokens['a']}&user_id={USER}")
    wait(drv, lambda d: d.find_elements(By.CSS_SELECTOR, "#memory-list li[data-id]"))
    assert "token" not in drv.current_url  # dropped from the address bar (and so from history)
    assert drv.execute_script("return localStorage.length") == 0


def test_a_bad_token_shows_nothing_and_forgetting_clears_the_tab(driver: Any, ui_hub: Any) -> None:
    driver.get(f"{ui_hub.url}/ui/")
    wait(driver, ec.visibility_of_element_located((By.ID, "token"))).send_keys("mgh_not_a_token")
    driver.find_element(By.ID, "connect").click()
    wait(driver, lambda d: "401" in d.find_element(By.ID, "error").text)
    assert not driver.find_element(By.ID, "nav").is_displayed()
    assert driver.execute_script("return sessionStorage.getItem('mg_token')") is None
    sign_in(driver, ui_hub)
    assert not driver.find_element(By.ID, "token").is_displayed()
    driver.find_element(By.ID, "logout").click()
    assert driver.execute_script("return sessionStorage.getItem('mg_token')") is None
    assert not driver.find_element(By.ID, "view-memories").is_displayed()
    driver.refresh()
    wait(driver, ec.visibility_of_element_located((By.ID, "token")))
    assert not driver.find_element(By.ID, "nav").is_displayed()


def test_as_of_shows_what_was_believed_then(driver: Any, ui_hub: Any) -> None:
    sign_in(driver, ui_hub)
    driver.execute_script("document.getElementById('list_as_of').value = '2020-01-01T00:00:00'")
    driver.find_element(By.CSS_SELECTOR, "#list-filters button[type=submit]").click()
    settled(driver)
    assert texts(driver, "#memory-list li") == ["No memories in this scope."]  # nothing was believed in 2020
    driver.execute_script("document.getElementById('list_as_of').value = ''")
    driver.find_element(By.CSS_SELECTOR, "#list-filters button[type=submit]").click()
    settled(driver)
    assert "User moved to Berlin" in texts(driver, "#memory-list li .text")
    driver.find_element(By.ID, "nav-search").click()
    driver.execute_script("document.getElementById('search_as_of').value = '2020-01-01T00:00:00'")
    driver.find_element(By.ID, "query").send_keys("where do I live?", Keys.ENTER)
    settled(driver)
    assert texts(driver, "#search-results li") == ["Nothing found."]


def test_export_the_scope_from_the_page(driver: Any, ui_hub: Any) -> None:
    sign_in(driver, ui_hub)
    driver.execute_script("""
        window.mgExported = null;
        const orig = URL.createObjectURL;
        URL.createObjectURL = (blob) => { blob.text().then((t) => { window.mgExported = t; }); return orig(blob); };
    """)
    driver.find_element(By.ID, "export").click()
    wait(driver, lambda d: d.execute_script("return window.mgExported"))
    lines = [json.loads(x) for x in driver.execute_script("return window.mgExported").splitlines()]
    assert lines[0]["type"] == "header" and lines[0]["scope"]["user_id"] == USER and lines[-1]["type"] == "footer"
    api = ui_hub.client("a")
    assert {x["id"] for x in lines if x["type"] == "memory"} == {
        m["id"] for m in api.get_all(user_id=USER, include_invalidated=True)["results"]}
    api.close()
    assert driver.find_element(By.ID, "who").text.startswith("exported ")


def test_a_token_of_one_user_shows_that_user_only(driver: Any, ui_hub: Any) -> None:
    ui_hub.tokens.setdefault("bob-only", ui_hub.app.state.hub.tokens.create("ui-bob", [NS_A], user_ids=[BOB])[0])
    driver.get(f"{ui_hub.url}/ui/")
    wait(driver, ec.visibility_of_element_located((By.ID, "token"))).send_keys(ui_hub.tokens["bob-only"])
    driver.find_element(By.ID, "connect").click()
    wait(driver, ec.visibility_of_element_located((By.ID, "nav")))
    settled(driver)
    assert driver.find_element(By.ID, "user_id").get_attribute("value") == BOB  # the granted user, filled in
    assert "User moved to Berlin" in texts(driver, "#memory-list li .text")
    box = driver.find_element(By.ID, "user_id")
    box.clear()
    box.send_keys(USER, Keys.TAB)
    settled(driver)
    assert "403" in driver.find_element(By.ID, "error").text
    assert texts(driver, "#memory-list li .text") == []  # bob's list is not left on screen as alice's


def test_stored_text_is_shown_as_text_never_run(driver: Any, ui_hub: Any) -> None:
    payload = '<img src=x onerror="window.mgPwned=1"><script>window.mgPwned=2</script> & "quotes"'
    with ui_hub.client("a") as api:
        api.add(payload, user_id="mallory", infer=False, metadata={"note": "<b>x</b>"})
    sign_in(driver, ui_hub, user="mallory")
    assert texts(driver, "#memory-list li .text") == [payload]
    driver.find_element(By.CSS_SELECTOR, "#memory-list li .text").click()
    settled(driver)
    assert driver.execute_script("return window.mgPwned === undefined && !document.querySelector('main img')")
