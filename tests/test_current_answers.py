"""Search answers with what is true now, for the questions people really ask (issue #13, read side).

Each conversation goes into its own scope of one module-wide Memory; timestamps are conversation time.
The case files under tests/retrieval_cases/ go wider (``python -m pipelines.answer_bench``); these tests pin
the mechanisms: whose attribute a question asks for, topic links through the slot's prototype questions, the
speaker placeholder kept out of keyword scores, and the newest value of the asked slot first.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from mem_graph import Memory
from mem_graph.bench.reconcile_check import has
from pipelines.answer_bench import CASES_DIR, load

DAY = 86400.0
T0 = 1_704_067_200.0  # 2024-01-01


@pytest.fixture(scope="module")
def mem(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Memory]:
    with Memory(path=tmp_path_factory.mktemp("answers") / "m") as m:
        yield m


def said(mem: Memory, user: str, *lines: str | tuple[float, str]) -> None:
    """Each line one add, two minutes apart; a (days, text) pair is said that many days after the start."""
    t = T0
    for line in lines:
        days, text = line if isinstance(line, tuple) else (None, line)
        t = T0 + days * DAY if days is not None else t + 120
        mem.add([{"role": "user", "content": text, "timestamp": t}], user_id=user)


def top(mem: Memory, user: str, question: str) -> str:
    return str(mem.search(question, user_id=user, limit=5)["results"][0]["memory"])


MAYA = ("hey there! how's your day going", "I live in Lisbon.", "I work as a nurse.",
        "My sister Anna lives in Paris.", "My brother Leo works at a bakery.", "My cat is called Misty.",
        "lol the weather today is wild", (150, "Big news, I moved to Porto last month!"),
        "These days I teach history at a high school.", "Actually my cat's name is Luna.")


@pytest.mark.parametrize(("question", "answer", "stale"), [
    ("where do i live", "Porto", "Lisbon|Paris"),  # the sister's 'lives in' matched better: her city came first
    ("where do I live now?", "Porto", "Lisbon|Paris"),
    ("whats my job", "history", "nurse|bakery"),  # the greeting was the nearest memory
    ("what do I do for work?", "history", "nurse|bakery"),  # the brother's 'works at' was first
    ("whats my cats name", "Luna", "Misty"),
    ("where does Leo work?", "bakery", "history"),
    ("where does my sister live?", "Paris", "Porto"),
])
def test_the_users_own_current_value_answers_a_question_about_them(mem: Memory, question: str, answer: str,
                                                                   stale: str) -> None:
    if not mem.get_all(user_id="maya")["results"]:
        said(mem, "maya", *MAYA)
    got = top(mem, "maya", question)
    assert has(got, answer) and not has(got, stale), got


@pytest.mark.parametrize(("question", "answer"), [
    ("what do I eat", "vegetarian"),
    ("any food I avoid?", "vegetarian"),
    ("what car do I have", "Subaru"),
    ("what do I drive?", "Subaru"),
    ("who am I seeing?", "Jess"),
    ("am I single", "Jess"),
    ("how old am I", "42nd"),
    ("where do I work", "Globex"),
    ("what do I do", "engineer"),
])
def test_a_question_sharing_no_words_with_the_fact_finds_its_slot(mem: Memory, question: str, answer: str) -> None:
    """Topic links through the slot's prototype questions: diet, car, partner, age, employer vs occupation."""
    if not mem.get_all(user_id="sam")["results"]:
        said(mem, "sam", "good morning!", "I'm vegetarian.", "I'm 41.", "I drive a Honda.", "Tom is my boyfriend.",
             "I work at Acme.", "I'm a data engineer.", "the match last night was brutal haha",
             "My friend Priya works at Google.", "Priya eats a lot of sushi.",
             (60, "I joined Globex in March."), (90, "I traded in my Honda for a Subaru."),
             (120, "Had my 42nd birthday on Sunday!"), (150, "Tom and I split up."), (200, "I'm dating Jess now."))
    got = top(mem, "sam", question)
    assert has(got, answer), got


def test_she_with_no_antecedent_is_answered_by_the_slot_and_never_by_its_old_value(mem: Memory) -> None:
    said(mem, "zoe", "hello!", "I live in Leeds.", "I'm a graphic designer.", "it's been raining all week",
         (100, "I moved to Manchester in the spring."), (200, "I became a product manager."))
    for question, answer, stale in [("where does she live?", "Manchester", "Leeds"),
                                    ("what's her job", "manager", "designer"),
                                    ("current city?", "Manchester", "Leeds")]:
        got = top(mem, "zoe", question)
        assert has(got, answer) and not has(got, stale), (question, got)


def test_a_named_persons_move_the_rules_left_unslotted_still_answers_where_they_live(mem: Memory) -> None:
    """'Felix moved to Vienna' carries no slot (the rules did not place it); its verb states a residence,
    so the question about Felix's residence groups it with 'Felix lives in Munich' and the newer wins."""
    said(mem, "jonas", "I live in Hamburg.", "My brother Felix lives in Munich.", (100, "Felix moved to Vienna."))
    assert "Vienna" in top(mem, "jonas", "where does Felix live")
    assert "Hamburg" in top(mem, "jonas", "where do I live?")


def test_the_speaker_placeholder_does_not_feed_keyword_scores(mem: Memory) -> None:
    """Every fact about the user reads 'User ...': a query saying 'the user' must not reward the sister's
    city for containing the word (the demo's first question)."""
    said(mem, "demo", "I live in Beijing.", "My sister Anna lives in Paris.",
         (40, "Big news: I moved to Shanghai last month!"))
    hits = mem.search("Where does the user live?", user_id="demo", limit=5, explain=True)["results"]
    keyword = {h["memory"]: h["explain"]["keyword"] for h in hits}
    sister = next(k for m, k in keyword.items() if "Anna" in m)
    user = next(k for m, k in keyword.items() if "Shanghai" in m)
    assert sister <= user, keyword
    assert "Shanghai" in hits[0]["memory"]


def test_every_retrieval_case_file_validates_and_expects_words_its_conversation_says() -> None:
    convs = load(CASES_DIR)
    assert sum(len(c.questions) for c in convs) >= 90
    missing = [(c.id, w) for c in convs for q in c.questions for w in q.top1
               if not has(" \n ".join(t.text for t in c.turns), w)]
    assert missing == []


def test_answer_bench_reports_top1_and_tells_retrieval_from_extraction_misses(tmp_path: Path) -> None:
    from pipelines.answer_bench import run, summarise

    (tmp_path / "c.yaml").write_text(
        "- id: tiny\n  turns:\n    - user: I live in Oslo.\n    - user: I moved to Bergen.\n"
        "      at: 2024-05-01T00:00:00Z\n  questions:\n"
        "    - {q: where do I live, top1: [Bergen], not: [Oslo], tags: [self]}\n"
        "    - {q: what is my job, top1: [pilot], tags: [self]}\n")
    rows = run(load(tmp_path))
    summary = summarise(rows)["all"]
    assert summary["questions"] == 2 and summary["top1"] == 1 and summary["answerable"] == 1
    assert [r["ok"] for r in rows] == [True, False]


def test_a_search_that_includes_invalidated_memories_still_answers_with_the_current_value(mem: Memory) -> None:
    said(mem, "hist", "hi", "I work as a nurse.", (100, "These days I teach history at a high school."))
    hits = mem.search("whats my job", user_id="hist", limit=5, include_invalidated=True)["results"]
    assert "history" in hits[0]["memory"], [h["memory"] for h in hits]
    assert any("nurse" in h["memory"] for h in hits), "the old value is still shown, further down"


@pytest.mark.parametrize(("question", "whose", "names"), [
    ("where do i live", "self", set()),
    ("Where does the user live?", "self", set()),
    ("current city?", "self", set()),
    ("whats my cats name", "named", {"cat"}),
    ("where does my sister live?", "named", {"sister"}),
    ("What is Clara's job?", "named", {"clara"}),
    ("where does she live?", "pronoun", set()),
    ("what database do we use", "team", set()),
    ("whats my job", "self", set()),  # 'job' is an attribute, not someone
    ("WHERE DO I LIVE", "self", set()),  # capitals in a shouted question name nobody
])
def test_whose_attribute_a_question_asks_for(question: str, whose: str, names: set[str]) -> None:
    from mem_graph.retrieve.asked import read_whose

    got, named, _ = read_whose(question)
    assert (got, set(named)) == (whose, names)


@pytest.mark.parametrize(("question", "slots"), [
    ("what do I do for a living", {"occupation"}),  # no 'live' question, though 'living' inflects 'live'
    ("am I single", {"partner"}),
    ("what do I eat", {"diet"}),
    ("how old am I", {"age"}),
    ("where do I work", {"employer"}),
    ("my employer?", {"employer"}),
    ("When did I move to Porto?", set()),  # a time is asked, not a value
    ("tell me a joke", set()),
])
def test_the_attribute_a_question_asks_for_in_everyday_words(mem: Memory, question: str, slots: set[str]) -> None:
    from mem_graph.retrieve.asked import QuestionReader

    reader = QuestionReader(mem.embedder)
    assert set(reader.read(question, mem.embedder.embed_query(question)).slots) == slots


def test_the_asked_slot_lookup_stays_inside_the_callers_filters(mem: Memory) -> None:
    said(mem, "filt", "I live in Oslo.", "I drive a Volvo.")
    hits = mem.search("where do I live", user_id="filt", filters={"slot": {"in": ["user|car"]}})["results"]
    assert not any("Oslo" in h["memory"] for h in hits), hits  # the residence is outside the filter
    hits = mem.search("what car do I drive", user_id="filt", filters={"slot": {"in": ["user|car"]}})["results"]
    assert [h["memory"] for h in hits] == ["User drives a Volvo"]


def test_a_question_about_someone_with_no_value_is_not_answered_by_a_strangers(mem: Memory) -> None:
    """'my dog' holds no name slot here ('I have a dog called Rolo' is a pet fact): Anna's cat's name must
    not be offered as the answer for the user's dog, nor the user's city for Anna's."""
    said(mem, "guess", "I live in Leeds.", "My friend Anna loves tennis.", "Anna's cat is called Pip.",
         "I have a dog called Rolo.")
    assert "Rolo" in top(mem, "guess", "whats my dogs name")
    assert "Leeds" not in top(mem, "guess", "where does Anna live?")


def test_a_question_naming_someone_else_is_not_answered_with_the_users_own_value(mem: Memory) -> None:
    """The relation ('my buddy') went with the memory Carlos's move invalidated, so no holder says 'buddy';
    still, the user's own employer is known not to be the answer, while a place named as a value ('do I
    live in Paris?') names nobody and leaves the user's residence the answer."""
    said(mem, "buddy", "I work at Fidelity.", "I live in Paris.", "My buddy Carlos works at Intel.",
         (100, "Carlos left Intel and now works at Nvidia."))
    assert "Fidelity" not in top(mem, "buddy", "who does my buddy work for")
    assert "Paris" in top(mem, "buddy", "Do I live in Paris?")


def test_who_a_relation_names_is_read_from_the_memory_its_change_invalidated(mem: Memory) -> None:
    """'my daughter' is said only in the memory that 'Emma switched to Eastwood' invalidated: that memory
    still tells who Emma is, so the school question is hers, not the chit-chat that says 'school'."""
    said(mem, "kin", "My daughter Emma is at Westfield High.", "ok gotta run, school pick-up",
         (100, "Emma switched to Eastwood this term."))
    got = top(mem, "kin", "what school does my daughter go to?")
    assert "Eastwood" in got, got


def test_my_wife_is_a_person_when_the_question_asks_her_occupation(mem: Memory) -> None:
    """'wife' is the partner slot's noun, yet 'what does my wife do' asks Clara's occupation, not the user's;
    'my wife' is said only in the memory Clara's new job invalidated."""
    said(mem, "wife", "I work as an accountant.", "My wife Clara is a teacher.",
         (100, "Clara became a headteacher this year."))
    got = top(mem, "wife", "what does my wife do")
    assert "headteacher" in got, got


# -- the later word first, when no memory holds the attribute asked (retrieve/newer.py) --------------------------
def test_a_town_named_in_a_later_turn_the_rules_could_not_place_answers_where_the_user_lives(mem: Memory) -> None:
    said(mem, "braga", "i work like waiter in small restaurant in porto, many hours", "so tired",
         (7, "now we are in braga already 2 week, apartment small but ok"))
    got = top(mem, "braga", "where does the user live")
    assert "braga" in got, got


@pytest.mark.parametrize(("user", "later"), [
    ("park", "joined a running club in victoria park, we meet on sundays"),  # a park in whatever town
    ("date", "also jo and i set a date!! june 3rd, cant wait"),  # "Date" is a town in Japan
])
def test_a_later_turn_naming_a_town_like_word_that_is_no_home_leaves_the_home(mem: Memory, user: str,
                                                                              later: str) -> None:
    """No memory holds the residence, so the newest that names a town would answer."""
    said(mem, user, "london rent is insane honestly, my flat share costs a fortune",
         "what trainers are good for a beginner runner?", (7, later))
    got = top(mem, user, "which city does the user live in")
    assert "london" in got, got


def test_a_town_that_is_also_a_common_word_is_a_home_when_said_as_a_place(mem: Memory) -> None:
    said(mem, "reading", "i am self employed builder in slough, my van is always problems",
         (7, "we buy house in reading!! finally no more renting"))
    got = top(mem, "reading", "where does the user live")
    assert "reading" in got, got


def test_a_car_named_in_a_later_turn_kept_as_said_answers_what_the_user_drives(mem: Memory) -> None:
    said(mem, "mazda", "vendí my old nissan, finally", (7, "ya tengo the new mazda cx5!! color azul jaja"))
    got = top(mem, "mazda", "what car does the user drive")
    assert "mazda" in got, got


def test_someone_elses_town_or_a_planned_move_never_answers_where_the_user_lives(mem: Memory) -> None:
    said(mem, "sis", "i work like waiter in small restaurant in porto, many hours",
         (7, "my sister now lives in braga, she loves it"), (8, "maybe we move to coimbra next year"))
    got = top(mem, "sis", "where does the user live")
    assert "Porto" in got, got


def test_a_later_turn_on_the_same_topic_answers_before_the_earlier_one(mem: Memory) -> None:
    """Kept as said (no memory holds the car): the later turn is the user's latest word on it; a question
    about the past, or one that asks no attribute, keeps the ranking (conversations revisit topics)."""
    for days, text in ((0, "still driving my dad's old car until I sort something out"), (7, "the weather is awful"),
                       (14, "picked up a used hatchback on saturday, finally my own car")):
        mem.add([{"role": "user", "content": text, "timestamp": T0 + days * DAY}], user_id="car", infer=False)
    got = top(mem, "car", "what car does the user drive")
    assert got.startswith("picked up a used hatchback"), got
    assert top(mem, "car", "what car did the user drive at first").startswith("still driving"), "a past question"


def test_a_later_memory_never_replaces_where_the_user_is_from_or_a_pets_name(mem: Memory) -> None:
    """Said once and true for life: "I live in Warsaw" is no answer to where the user is from, and a newer
    line about the puppy is not its name."""
    said(mem, "lasting", "I'm from Kraków.", "the coffee machine broke again lol", (7, "I live in Warsaw."),
         (8, "got a puppy last week"), (9, "my puppy is named Pickles"), (20, "the puppy chewed my shoe already"))
    assert "Kraków" in top(mem, "lasting", "where am I from?")
    assert "Pickles" in top(mem, "lasting", "what's my dog's name?")


def test_a_later_turn_that_names_the_relation_by_its_name_answers_where_they_live(mem: Memory) -> None:
    """'my son' named Paolo in one turn; a later turn says only 'Paolo' (and no rule places his new home)."""
    said(mem, "kinwords", "my son paolo graduate college next month in iloilo!!", "busy busy",
         (20, "Paolo start work now in Concentrix manila, call center night shift"))
    assert "manila" in top(mem, "kinwords", "where does the user's son live")


def test_a_person_the_user_is_linked_to_is_asked_about_not_a_value(mem: Memory) -> None:
    """'Jess' is the object of the user's partner edge, not a value of the attribute asked: the question
    is hers, and the user's own new job is not her answer."""
    said(mem, "jess", "im a junior dev at a fintech in manchester",
         (7, "first week at monzo done, the codebase is huge"), "my partner jess teaches year 3 and she is exhausted")
    got = top(mem, "jess", "what does jess do")
    assert "teaches" in got, got


def test_the_users_own_job_never_answers_what_their_girlfriend_does(mem: Memory) -> None:
    """Nothing holds her occupation (her turn is kept as said), but the user's own post is known not to be it."""
    said(mem, "gf", "im a backend dev at a small agency, mostly java work",
         (7, "my gf larissa is moving here next month, shes a nurse so she needs her diploma recognized, any idea "
             "how that works"))
    got = top(mem, "gf", "what does the user's girlfriend do for work")
    assert "backend dev" not in got, got


def test_the_users_pet_is_asked_about_when_a_friends_pet_is_named_too(mem: Memory) -> None:
    said(mem, "mypet", "My friend Anna loves tennis.", "Anna's cat is called Pip.", "I have a dog called Rolo.")
    got = top(mem, "mypet", "what's my pet called")
    assert "Rolo" in got, got


def test_the_name_the_user_gave_as_their_own_in_an_intro_asks_about_them(mem: Memory) -> None:
    said(mem, "intro", "ok quick intro: im Marta, 31, i live in Valencia and work as a nurse at Hospital La Fe",
         (180, "update since last time: i moved to Madrid in june and im at a private clinic now"))
    got = top(mem, "intro", "Where does Marta live?")
    assert "Madrid" in got, got
