"""Session 30: a team's tools as chat says a change of them ("rewrote the backend in Go", "we're on linear instead
of notion", "everything is in github issues now", "IT forced everyone onto Teams"), a remark on the value moved
away from ("london was way too expensive"), a taste said with "think", pastimes by their noun ("started pottery
too") and a bare "nah, mostly bouldering now"."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.rules import RuleExtractor
from tests.extraction.said import facts_of as _facts
from tests.extraction.said import top_after as _top


def _current(memory: Memory, user: str, *said: str) -> list[str]:
    """The user's active durable memories after ``said``, one message each."""
    for line in said:
        memory.add(line, user_id=user)
    return [r["memory"] for r in memory.get_all(user_id=user, limit=100)["results"]
            if not r.get("invalid_at") and r.get("layer") != "episodic"]


def _tool_values(rules: RuleExtractor, *lines: str) -> dict[str, list[str]]:
    """Each positive present tool fact's value, with what it replaces."""
    return {f.object_key or "": f.replaces for f in _facts(rules, *lines)
            if f.slot and "|tools|" in f.slot and not f.negated and f.tense == "present"}


# -- tools said the way chat says them ----------------------------------------------------------------------------

@pytest.mark.parametrize(("said", "new", "old"), [
    ("we rewrote the java stuff in kotlin btw, way nicer", "kotlin", "java"),
    ("we switched from java to kotlin btw, way nicer", "kotlin", "java"),
    ("we're on linear instead of notion here, took a while to get used to", "linear", "notion"),
    ("we switched from Django to Go", "golang", "django"),
])
def test_a_tool_switch_names_what_it_replaces(rules: RuleExtractor, said: str, new: str, old: str) -> None:
    values = _tool_values(rules, said)
    assert old in values.get(new, []), values


@pytest.mark.parametrize(("said", "text"), [
    ("we've rewritten the backend in Go over the last 6 months", "User's backend is now written in Go"),
    ("badly lol. we rewrote the mobile app in React Native last quarter",
     "User's mobile app is now written in React Native"),
    ("finally rewrote the ios app in Swift!", "User's ios app is now written in Swift"),
])
def test_a_rewrite_keeps_what_was_rewritten(rules: RuleExtractor, said: str, text: str) -> None:
    assert text in [f.text for f in _facts(rules, said)]


@pytest.mark.parametrize(("said", "value"), [
    ("also we deploy on kubernetes", "kubernetes"),
    ("we host everything on AWS", "aws"),
    ("we stopped using jira, everything is in github issues now", "github issues"),
    ("at work the old services are all in java ugh", "java"),
])
def test_the_team_stack_said_in_passing_is_a_tool(rules: RuleExtractor, said: str, value: str) -> None:
    assert value in _tool_values(rules, said)


@pytest.mark.parametrize("said", ["we deploy on fridays", "she deploys to heroku", "the site is all in a mess",
                                  "everything is in the box now"])
def test_words_that_only_look_like_a_stack_name_no_tool(rules: RuleExtractor, said: str) -> None:
    assert not _tool_values(rules, said)


def test_a_language_switched_to_is_no_name(rules: RuleExtractor) -> None:
    assert not [f for f in _facts(rules, "I switched from Java to Kotlin") if (f.slot or "").endswith("|name")]


def test_a_team_chat_tool_forced_on_everyone_ends_the_old_one(shared_memory: Memory, user: str) -> None:
    current = _current(shared_memory, user, "our whole eng org basically lives in Slack, I'm in like 40 channels.",
                       "rip my beautiful slack setup, IT forced everyone onto Microsoft Teams after the merger.")
    assert any("Teams" in m for m in current) and not any("Slack" in m for m in current), current


def test_a_framework_said_gone_ends_it(shared_memory: Memory, user: str) -> None:
    current = _current(shared_memory, user, "our api is all flask right now",
                       "we ported the api over to fastapi last sprint, flask is gone")
    assert "User's api is now written in Fastapi" in current, current
    assert not any("flask" in m.lower() and "n't" not in m for m in current), current


def test_a_thing_rewritten_answers_what_it_is_written_in(shared_memory: Memory, user: str) -> None:
    top = _top(shared_memory, user, "What is the user's iOS app written in?",
               "the ios app is written in objective-c", "finally rewrote the ios app in Swift!")
    assert "Swift" in top[0]["memory"], top


def test_a_notice_handed_in_at_a_lower_case_company_ends_the_job(shared_memory: Memory, user: str) -> None:
    current = _current(shared_memory, user, "i work at ledgerly as a backend dev",
                       "ok big news. handed in my notice at ledgerly, starting at monzo in march")
    assert "User works at Ledgerly as a backend dev" not in current, current


# -- the old value remarked on, a taste with "think", pastimes ------------------------------------------------------

@pytest.mark.parametrize(("before", "after", "remark"), [
    ("i live in london", "moved back home to cork in june, london was way too expensive",
     "London was way too expensive"),
    ("i use vscode for basically everything",
     "ok update, i'm using neovim now. vscode got way too sluggish on my laptop",
     "VSCode got way too sluggish on User's laptop"),
])
def test_a_remark_on_the_value_moved_away_from_is_history(shared_memory: Memory, user: str, before: str,
                                                          after: str, remark: str) -> None:
    assert remark not in _current(shared_memory, user, before, after)


def test_a_remark_on_something_else_stays_current(rules: RuleExtractor) -> None:
    facts = _facts(rules, "moved to Cork in june, Mam was delighted")
    assert all(f.tense != "past" for f in facts if "delighted" in f.text), [(f.text, f.tense) for f in facts]


def test_a_taste_said_with_think_reverses_the_old_one(shared_memory: Memory, user: str) -> None:
    current = _current(shared_memory, user, "mushrooms are the devil's food, please leave them out of the risotto",
                       "plot twist, my partner made a mushroom stroganoff and I LOVED it. think I like mushrooms now??")
    assert "User hates mushrooms" not in current and any("likes mushrooms" in m for m in current), current


def test_a_plan_with_think_is_still_a_plan(rules: RuleExtractor) -> None:
    assert all(f.tense == "plan" for f in _facts(rules, "I think I'd like to move to Spain") if f.object_key == "spain")


@pytest.mark.parametrize(("said", "slot"), [
    ("oh I've started pottery too, it's so relaxing", "user|hobbies|pottery"),
    ("nah, mostly bouldering now", "user|hobbies|bouldering"),
])
def test_a_pastime_said_in_chat_is_a_hobby(rules: RuleExtractor, said: str, slot: str) -> None:
    assert slot in {f.slot for f in _facts(rules, said)}


def test_starting_a_job_is_no_hobby(rules: RuleExtractor) -> None:
    assert not [f for f in _facts(rules, "I started a new job") if "|hobbies|" in (f.slot or "")]


# -- other people's changes, a baby named in chat -----------------------------------------------------------------

@pytest.mark.parametrize(("said", "name"), [
    ("and we just had a baby girl, her name is Rosie", "rosie"),
    ("we just had a baby girl, Rosie", "rosie"),
    ("we had a baby boy called theo", "theo"),
])
def test_a_new_baby_named_in_chat_is_the_speakers_child(rules: RuleExtractor, said: str, name: str) -> None:
    assert name in {f.object_key for f in _facts(rules, said) if f.rule == "rules.clause:children"}


@pytest.mark.parametrize("said", ["we had a baby girl last year", "we had a baby girl, it was great"])
def test_a_baby_without_a_name_names_no_child(rules: RuleExtractor, said: str) -> None:
    assert not [f for f in _facts(rules, said) if f.rule == "rules.clause:children" and "named" in f.text]


def test_a_partner_who_left_their_work_ends_their_job_not_the_users(shared_memory: Memory, user: str) -> None:
    current = _current(shared_memory, user,
                       "I teach piano from home and my partner Sam is a nurse at the Royal Infirmary",
                       "sam's left nursing, doing a PGCE to become a teacher now. I'm still doing the piano lessons")
    assert "User teaches piano from home" in current, current
    assert not any("nurse at the Royal Infirmary" in m for m in current), current
    assert any("PGCE" in m for m in current), current


def test_a_named_car_sold_by_someone_else_is_no_longer_theirs(rules: RuleExtractor) -> None:
    sold = [f for f in _facts(rules, "my husband Gary drives a Land Rover Discovery", "gary sold the Discovery")
            if f.object_key == "discovery"]
    assert sold and all(f.negated for f in sold), [(f.text, f.negated) for f in sold]


@pytest.mark.parametrize(("said", "slot"), [
    ("I had a rough week at work because my manager quit", "user's manager|occupation"),
    ("my boss resigned last week", "user's boss|occupation"),
])
def test_someone_who_quit_has_left_their_job(rules: RuleExtractor, said: str, slot: str) -> None:
    assert [f for f in _facts(rules, said) if f.slot == slot and f.negated]


def test_giving_up_on_a_puzzle_leaves_no_job(rules: RuleExtractor) -> None:
    assert not [f for f in _facts(rules, "ugh this puzzle, I quit!") if (f.slot or "").endswith("|occupation")]


def test_a_pet_rehomed_is_no_longer_the_users(rules: RuleExtractor) -> None:
    facts = _facts(rules, "my cat is called Milo", "we rehomed milo, the allergies were too much")
    assert [f for f in facts if f.slot == "user|pets|milo" and f.negated], [(f.text, f.slot) for f in facts]


def test_giving_away_a_sofa_ends_no_pet(rules: RuleExtractor) -> None:
    assert not [f for f in _facts(rules, "we gave the old sofa away") if "|pets|" in (f.slot or "")]


@pytest.mark.parametrize(("said", "place"), [
    ("packed up and flew to Perth for good last month", "perth"),
    ("we went back to Lagos permanently in 2024", "lagos"),
])
def test_a_trip_for_good_is_a_move(rules: RuleExtractor, said: str, place: str) -> None:
    assert place in {f.object_key for f in _facts(rules, said) if f.slot == "user|residence"}


def test_a_trip_is_no_move(rules: RuleExtractor) -> None:
    assert not [f for f in _facts(rules, "flew to Perth last month") if f.slot == "user|residence"]


@pytest.mark.parametrize(("said", "partner"), [
    ("tom and I are done. seeing someone new, Alex", "alex"),
    ("seeing someone new, Siobhan", "siobhan"),
])
def test_someone_new_named_right_after_is_the_partner(rules: RuleExtractor, said: str, partner: str) -> None:
    assert partner in {f.object_key for f in _facts(rules, said) if f.slot == "user|partner" and not f.negated}


@pytest.mark.parametrize("said", ["seeing someone now, it's early days", "Seeing someone, Honestly it's great"])
def test_a_word_after_someone_is_no_partner_name(rules: RuleExtractor, said: str) -> None:
    assert not [f for f in _facts(rules, said) if f.rule.startswith("rules.someone_named")]


# -- stances as chat says them ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("said", "value", "polarity"), [
    ("IPAs taste like soap to me now, strictly lagers", "ipas", -1),
    ("podcasts just annoy me these days, back to music", "podcasts", -1),
    ("kinda grew out of Taylor Swift ngl", "taylor swift", -1),
    ("jazz doesn't really do much for me these days", "jazz", -1),
    ("sushi's lost its appeal tbh", "sushi", -1),
    ("tennis is life", "tennis", 1),
])
def test_a_stance_said_as_chat_says_it(rules: RuleExtractor, said: str, value: str, polarity: int) -> None:
    stances = {f.object_key: f.polarity for f in _facts(rules, said) if (f.slot or "").startswith("user|stance|")}
    assert stances.get(value) == polarity, stances


@pytest.mark.parametrize("said", ["my sister annoys me", "work is my life", "this is life"])
def test_annoyance_at_people_and_life_is_no_stance_on_a_thing(rules: RuleExtractor, said: str) -> None:
    assert not [f for f in _facts(rules, said) if (f.slot or "").startswith("user|stance|")]


def test_an_idiom_is_no_new_favourite(shared_memory: Memory, user: str) -> None:
    current = _current(shared_memory, user, "golf is my favourite thing to do on weekends",
                       "golf bores me to tears now, sold the clubs")
    assert not any(m.lower().startswith("tears") for m in current), current


# -- found trying it as a user: a user who gives their name --------------------------------------------------------

_MOIRA = ("hiya, I'm Moira, 52, staff nurse on a surgical ward in Dundee. me and my partner Callum have a wee westie "
          "called Hamish", "bit of news, I've gone part time and started a counselling diploma at Abertay")


@pytest.mark.parametrize(("question", "answer"), [
    ("does moira have a dog", "westie"),
    ("who is moira's partner", "Callum"),
    ("how old is moira", "52"),
])
def test_a_question_naming_the_user_asks_about_the_user(shared_memory: Memory, user: str, question: str,
                                                        answer: str) -> None:
    top = _top(shared_memory, user, question, *_MOIRA)
    assert answer in top[0]["memory"], top


def test_a_partner_named_in_passing_answers_who_the_partner_is(shared_memory: Memory, user: str) -> None:
    top = _top(shared_memory, user, "who is my partner", *_MOIRA)
    assert "Callum" in top[0]["memory"], top


def test_calling_it_a_day_ends_the_couple(rules: RuleExtractor) -> None:
    facts = _facts(rules, "callum and I have decided to call it a day after 20 years. I'm ok, honestly")
    assert [f for f in facts if f.slot == "user|partner" and f.negated and f.object_key == "callum"]


def test_a_diploma_started_at_a_college_is_study_not_a_job(rules: RuleExtractor) -> None:
    slots = {f.slot for f in _facts(rules, "I started a counselling diploma at Abertay")}
    assert "user|school" in slots and "user|employer" not in slots, slots
