"""Class-level word lists the slot catalogue recognises values by (a job title, a vehicle make, a gym chain,
a programming language), kept apart from the catalogue's structure.

Each list names a class of words, not the words of any one conversation: a value word is the head (or a
compound part) of the object's noun phrase ("store manager", "Trek road bike", "Anytime Fitness").
Ambiguous words that more often name something else ("server", "model", "guard", "lead", "giant") are left
out: a fact no rule can place is kept as said, never guessed into a slot.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


OCCUPATIONS = _words("""
gp corporal sergeant lieutenant colonel airman paratrooper sapper signaller gunner sparky sparkie brickie
accountant actor actress administrator advisor adviser agent analyst anesthetist anaesthetist apprentice architect
archivist artist assistant associate astronomer attendant attorney auditor babysitter baker banker barber barista
bartender beautician biologist blogger bookkeeper bookseller bricklayer broker builder butcher butler buyer
caregiver carer carpenter cartographer cashier caterer ceo cfo chauffeur chef chemist chiropractor cleaner clerk
coach coder consultant contractor cook coordinator copywriter coo counselor counsellor courier croupier cto curator
dancer dean decorator dentist dermatologist designer detective developer dietitian dietician diplomat director
dispatcher doctor doula driver economist editor educator electrician engineer entrepreneur estimator executive
farmer firefighter fisherman florist founder freelancer gardener geologist groomer hairdresser hairstylist
handyman headteacher historian housekeeper hygienist illustrator influencer inspector instructor intern interpreter
investor janitor jeweler jeweller journalist judge landlord landscaper lawyer lecturer librarian lifeguard linguist
locksmith machinist manager marketer mathematician mechanic medic midwife miner musician nanny neurologist
nurse nutritionist officer optician optometrist paralegal paramedic pathologist pediatrician paediatrician
pharmacist philosopher photographer physician physicist physio physiotherapist pilot planner plasterer plumber
podcaster poet police policeman policewoman politician postdoc postman postwoman potter president producer
professor programmer psychiatrist psychologist publicist radiographer radiologist rancher ranger realtor
receptionist recruiter referee reporter researcher retiree roofer sailor salesman saleswoman salesperson
scientist screenwriter sculptor secretary senator singer sonographer soldier solicitor specialist statistician
steward stewardess strategist streamer student stylist supervisor surgeon surveyor tailor tattooist teacher
technician teller therapist tiler trader trainee trainer translator trucker tutor typist underwriter undergrad vet
veterinarian videographer vlogger waiter waitress welder writer youtuber zookeeper homemaker housewife
househusband practitioner barrister sommelier
seaman seafarer deckhand author emt cop councillor councilor priest pastor rabbi imam vicar animator actuary notary
seamstress hostess bouncer caretaker custodian labourer laborer farmhand shepherd sysadmin dj anesthesiologist
obstetrician gynecologist cardiologist oncologist orthodontist podiatrist
sparky chippy brickie tradie joiner glazier scaffolder psw np hca rep representative
qa tester dev devops sre guard bodyguard watchman doorman porter warden concierge usher valet
""")


# breeds people name their pet by ("a labrador called Bramble"): pet nouns, and values of the pets slot
PET_BREEDS = _words("""
labrador retriever poodle beagle spaniel terrier collie husky dachshund corgi pug bulldog greyhound whippet
schnauzer chihuahua cockapoo labradoodle goldendoodle rottweiler pomeranian dalmatian doberman sheepdog lurcher
staffie westie ragdoll tabby huntaway kelpie heeler cavoodle cavapoo maltipoo vizsla weimaraner
mastiff malamute akita shiba samoyed bernese shihtzu
havanese bichon papillon sphynx moggy
""")


def _data_words(name: str) -> tuple[str, ...]:
    """The words of a list in extract/data/ ('#' starts a comment)."""
    text = (Path(__file__).parent / "data" / name).read_text(encoding="utf-8")
    return tuple(w for line in text.splitlines() for w in line.split("#", 1)[0].split())


# given names the small entity recogniser may call a place or an organisation (data/given_names.txt)
GIVEN_NAMES = frozenset(_data_words("given_names.txt"))


def is_given_name(tok: Any) -> bool:
    """A capitalised word that is a common given name ("Olivia", "Alice"), however the tagger labelled it."""
    return tok.text[:1].isupper() and tok.lower_ in GIVEN_NAMES


def names_someone(t: Any) -> bool:
    """A name in a subject's place ("Ben moved out", "Tasha and I made it official") or given as someone's name
    ("her name is tasha")."""
    named_as = t.dep_ == "attr" and any(c.dep_ == "nsubj" and c.lower_ == "name" for c in t.head.children)
    me_first = t.dep_ == "conj" and t.head.lower_ in ("i", "me") and t.head.dep_ in ("nsubj", "nsubjpass")
    # "Greg's divorce is final and he's moving back east": the subject's possessor is who "he" is
    possessor = t.dep_ == "poss" and t.head.dep_ in ("nsubj", "nsubjpass") and is_given_name(t)
    if t.pos_ != "PROPN" or not (named_as or me_first or possessor or t.dep_ in ("nsubj", "nsubjpass") or (
            t.dep_ == "appos" and t.head.dep_ in ("nsubj", "nsubjpass"))):
        return False
    # a place never says "and I" ("me and Callum are in a tiny flat")
    with_me = me_first or any(c.dep_ == "conj" and c.lower_ in ("i", "me") for c in t.children)
    return named_as or with_me or t.ent_type_ not in ("GPE", "ORG", "LOC", "FAC", "NORP") or is_given_name(t)


# what one drives or rides; the make alone names it ("a Trek", "the Kia"), and so does a model
# ("sold the Astra", "my old Corolla": data/car_models.txt)
CAR_VALUES = _data_words("car_models.txt") + _words("""
car truck van suv motorbike motorcycle scooter moped pickup sedan hatchback minivan coupe jeep campervan motorhome
honda toyota subaru tesla ford bmw audi mercedes volkswagen vw volvo kia hyundai mazda nissan chevy chevrolet fiat
peugeot renault skoda lexus porsche prius civic corolla golf polo fiesta focus puma yaris outback camry accord mini
citroen dacia vauxhall opel mitsubishi suzuki dodge chrysler cadillac buick gmc jaguar landrover
alfa ferrari lamborghini maserati bentley rivian polestar byd cupra niro ioniq corsa clio
""") + ("royal enfield",)  # ("enfield" alone is a London borough)
BIKE_VALUES = _words("""
bike bicycle ebike e-bike roadbike mtb fixie bmx tandem trek specialized cannondale brompton cervelo pinarello
bianchi orbea vanmoof canyon grizl ribble boardman merida cotic
""")
PHONE_VALUES = _words("""
iphone android pixel galaxy samsung nokia blackberry oneplus xiaomi huawei motorola fairphone oppo vivo realme
xperia redmi tecno infinix itel
""") + tuple(f"s{n}" for n in range(20, 27))  # Samsung's flagships said alone ("got the S24 in the end")
# the words that name a day or month ("Bath last month" is a town before a date, not a date)
CALENDAR_WORDS = frozenset({"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "january",
                            "february", "march", "april", "may", "june", "july", "august", "september", "october",
                            "november", "december", "noon", "midnight"})
# a word that opens a time, not a value ("at christmas", "moved in january", "last week", "2019")
TIME_WORD = re.compile(r"^(?:(?:last|this|next|early|late|mid)\s+)?(?:\d+(?:st|nd|rd|th|am|pm|s)?|jan(?:uary)?|"
                       r"feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|"
                       r"nov(?:ember)?|dec(?:ember)?|(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?|"
                       r"today|tomorrow|yesterday|tonight|week|month|year|day|night|morning|evening|afternoon|"
                       r"weekend|summer|winter|spring|autumn|fall|christmas|easter|term|semester)\b", re.I)
# a time zone by its abbreviation or name ("I'm on eastern time", "based in GMT"); "est" and "ist" read as words
TIMEZONES = (*_words("""
gmt utc bst cet cest eet eest edt pst pdt cdt mst mdt jst kst aest aedt acst awst nzst nzdt hkt sgt
"""), "eastern time", "pacific time", "central time", "mountain time", "uk time", "london time")
# a laptop or desktop named by its make or line ("a ThinkPad", "my MacBook Air"; not "mac": mac and cheese)
COMPUTER_VALUES = (*_words("""
macbook macbooks imac chromebook thinkpad thinkpads xps zenbook vivobook ideapad alienware inspiron latitude
"""), "mac mini", "mac studio", "mac pro", "framework laptop", "surface pro", "surface laptop", "gaming pc",
                   "gaming laptop", "razer blade", "dell xps", "hp spectre", "lenovo legion",
                   # a maker said with "laptop" ("a Dell laptop"; a bare "Dell" is as often an employer)
                   *(f"{m} {k}" for m in ("dell", "lenovo", "hp", "asus", "acer", "msi", "toshiba", "samsung",
                                          "microsoft", "apple", "windows", "linux")
                     for k in ("laptop", "laptops", "desktop", "pc")))
# a gym is named by its chain or by a word of its name ("Anytime Fitness", "the YMCA", "a CrossFit box")
GYM_VALUES = (*_words("""
gym fitness puregym crossfit equinox ymca f45 orangetheory soulcycle nuffield bannatyne
"""), "leisure centre", "leisure center", "the gym group", "gym group", "david lloyd", "anytime fitness",
              "planet fitness", "la fitness", "24 hour fitness", "virgin active", "snap fitness", "gold's gym",
              "golds gym", "jd gym", "better gym")
TRANSPORT = _words("""
bus train tube subway metro tram ferry underground overground streetcar shuttle cab taxi uber carpool lightrail
ttc mrt lrt bart luas skytrain jeepney matatu danfo brt rickshaw okada
""")
# programming languages, frameworks, libraries and infrastructure people name as what they use or know
TECH = _words("""
python rust java javascript typescript kotlin scala php perl haskell elixir erlang clojure matlab
fortran cobol c++ c# golang lua ocaml zig swiftui react redux zustand mobx recoil vue angular svelte nextjs
next.js nuxt django flask fastapi rails laravel nodejs node.js deno jquery tailwind
bootstrap graphql grpc kafka rabbitmq docker kubernetes k8s terraform ansible jenkins airflow hadoop pandas
numpy pytorch tensorflow keras jax aws gcp azure heroku vercel netlify linux vscode neovim vim emacs intellij
pycharm figma jira git github gitlab webpack vite penpot photoshop illustrator procreate canva trello asana
slack discord circleci dbt dotnet .net fargate solidworks autocad revit xero quickbooks freshbooks myob
bitbucket codeberg gmail outlook hotmail protonmail fastmail thunderbird chrome firefox brave vivaldi kindle kobo
1password lastpass bitwarden dashlane instagram facebook tiktok twitter snapchat linkedin bluesky mastodon
reddit pinterest tumblr
""")


def agent_of(gerund: str) -> str | None:
    """The occupation whose work a gerund names ("bartending" -> bartender, "nursing" -> nurse, "cheffing" -> chef)."""
    if not gerund.endswith("ing") or len(gerund) < 6:
        return None
    stem = gerund[:-3]
    doubled = stem[:-1] if len(stem) > 2 and stem[-1] == stem[-2] else stem
    return next((w for w in (stem, f"{stem}er", f"{stem}e", doubled, f"{doubled}er") if w in OCCUPATIONS), None)


# lines of work one works "in" ("my partner works in retail", "I work in finance"): an occupation said by its
# sector, which a new job replaces ("he's teaching chemistry now"); not a place ("work in London") or a room
SECTORS = frozenset(_words("""
retail hospitality finance banking insurance accounting marketing advertising sales tech software healthcare
nursing medicine pharma pharmaceuticals education teaching academia research publishing journalism media law
construction engineering manufacturing logistics recruitment hr consulting admin administration catering
fashion film television tv music property government politics policy charity nonprofit
cybersecurity security telecoms energy oil mining agriculture farming aviation shipping transport tourism
childcare eldercare care fintech biotech gaming support operations ops qa management design ux analytics compliance
procurement comms communications
"""))
# units of a workplace one is "in" ("moved wards, I'm in A&E now", "I'm in ICU these days"): where one works, never
# where one lives
WORK_UNITS = frozenset(_words("""
a&e er ed icu itu nicu picu hdu ccu resus theatres theatre maternity oncology radiology paediatrics pediatrics
cardiology neurology orthopaedics orthopedics triage outpatients recovery haematology dermatology psychiatry
"""))
# places of work said by their kind ("she just started at a private clinic", "started at a law firm"): a new
# employer, unnamed; not schools (a child "started at a new school") nor rooms ("started at the office at 8")
WORKPLACES = frozenset(_words("""
clinic hospital surgery bank hotel restaurant cafe bakery pub firm agency startup company charity council
nursery pharmacy lab laboratory factory warehouse shop store supermarket garage salon studio consultancy
hospice brewery dealership practice depot plant mill bistro brasserie deli gastropub diner
"""))
# verbs of an activity people do as a pastime, said without an object ("I swim twice a week") -> the activity
ACTIVITY_VERBS = {
    "swim": "swimming", "run": "running", "jog": "jogging", "hike": "hiking", "climb": "climbing", "surf": "surfing",
    "ski": "skiing", "snowboard": "snowboarding", "skate": "skating", "skateboard": "skateboarding",
    "dance": "dancing", "paint": "painting", "draw": "drawing", "knit": "knitting", "crochet": "crocheting",
    "sew": "sewing", "bake": "baking", "garden": "gardening", "fish": "fishing", "sail": "sailing", "row": "rowing",
    "box": "boxing", "golf": "golf", "bowl": "bowling", "meditate": "meditating", "journal": "journaling",
    "kayak": "kayaking", "paddleboard": "paddleboarding", "boulder": "bouldering", "lift": "lifting",
    "skydive": "skydiving", "dive": "diving", "fence": "fencing", "wrestle": "wrestling", "sketch": "sketching",
    "volunteer": "volunteering", "cycle": "cycling", "walk": "walking",
}
# a word that says an activity is a habit rather than one occasion ("twice a week", "on weekends", "daily")
HABIT_WORDS = frozenset({
    "week", "weeks", "weekend", "weekends", "weekly", "daily", "day", "morning", "mornings", "evening", "evenings",
    "night", "nights", "regularly", "often", "usually", "always", "sometimes", "twice", "thrice", "times", "every",
    "everyday", "lot", "competitively", "religiously", "monday", "mondays", "tuesdays", "wednesdays", "thursdays",
    "fridays", "saturdays", "sundays",
})
# -ing nouns that name a thing or an occasion, not an activity ("started a new building" is no hobby)
NOT_ACTIVITIES = frozenset({
    "building", "meeting", "wedding", "morning", "evening", "ceiling", "thing", "king", "ring", "spring", "string",
    "wing", "clothing", "housing", "offspring", "feeling", "pudding", "sibling", "setting", "listing", "earning",
    "earnings", "booking", "opening", "ending", "beginning", "saving", "savings", "filling", "funding", "training",
    "posting", "heading", "landing", "parking", "warning", "outing", "being", "nothing", "something",
    "anything", "everything", "job", "shopping", "timing", "hearing", "rating", "recording", "standing",
})


# pastimes named by a noun that is no -ing word ("started pottery too", "took up calligraphy")
PASTIME_NOUNS = frozenset({
    "pottery", "ceramics", "crochet", "embroidery", "woodwork", "carpentry", "photography", "calligraphy",
    "origami", "watercolour", "watercolours", "watercolor", "watercolors", "genealogy", "astronomy", "astrophotography",
    "taxidermy", "macrame", "needlepoint", "tapestry", "marquetry", "lapidary", "falconry", "beekeeping",
    "birdwatching", "parkour", "improv", "poetry", "archery", "fencing", "chess", "lego", "cosplay", "karaoke",
})


def is_activity(tok: Any) -> bool:
    """An -ing noun naming a pastime ("rock climbing", "knitting") or a pastime's noun ("pottery"), not a thing
    ("a building", "a meeting")."""
    return bool((tok.lower_.endswith("ing") or tok.lower_ in PASTIME_NOUNS) and tok.pos_ in ("NOUN", "VERB", "PROPN")
                and tok.lower_ not in NOT_ACTIVITIES and not any(c.dep_ in ("det", "poss") for c in tok.children))


@lru_cache(maxsize=1)
def stop_words() -> frozenset[str]:
    """spaCy's English stop words, imported on first use: importing spaCy costs ~1.7 s (and pulls in its
    backends), which searches and CLI reads never need."""
    from spacy.lang.en.stop_words import STOP_WORDS

    return frozenset(STOP_WORDS)


# things one "joins" that are no employer, said bare as an organisation would be ("joined stripe", not
# "joined twitter"): apps and networks, and group nouns said without an article
NOT_EMPLOYERS = frozenset({
    "twitter", "facebook", "instagram", "tiktok", "reddit", "strava", "tinder", "hinge", "bumble", "discord",
    "slack", "linkedin", "mastodon", "bluesky", "threads", "snapchat", "whatsapp", "telegram", "duolingo",
    "forces", "in", "up", "class", "practice", "team", "choir", "band", "club", "gym", "church", "army",
    "navy", "mensa", "parkrun",
})

# family roles that are an occupation when said full-time ("a full-time dad", "a stay-at-home mum")
CARER_ROLES = frozenset({"dad", "mum", "mom", "mother", "father", "parent", "carer", "caregiver", "wife", "husband"})

# tools that do one job: a new one of a kind said as a change ("i'm using neovim now", "we're on postgres now",
# "switched the frontend to svelte") ends the others of that kind, a tool of another kind ends nothing
TECH_KINDS: dict[str, frozenset[str]] = {
    "editor": frozenset({"vscode", "vs code", "neovim", "vim", "emacs", "intellij", "pycharm", "sublime", "atom",
                         "zed", "cursor", "webstorm", "xcode", "eclipse", "notepad++", "nano", "intellij idea",
                         "sublime text", "visual studio code", "helix", "android studio", "visual studio",
                         "vscodium", "goland", "clion", "rubymine", "phpstorm", "gedit", "textmate",
                         "bbedit", "lapce", "neovide", "kakoune", "spacemacs", "doom emacs"}),
    # (the database slot's values too: catalogue.DATABASES)
    "database": frozenset({"mysql", "postgres", "postgresql", "mariadb", "sqlite", "mongodb", "mongo", "dynamodb",
                           "cassandra", "oracle", "mssql", "sqlserver", "cockroachdb", "supabase", "firestore",
                           "firebase", "couchdb", "redis", "neo4j", "elasticsearch", "clickhouse", "snowflake",
                           "bigquery", "scylladb", "scylla", "couchbase", "duckdb", "timescaledb", "influxdb",
                           "planetscale", "tidb", "yugabytedb", "singlestore", "rethinkdb", "valkey",
                           "memcached", "opensearch", "questdb", "surrealdb", "faunadb"}),
    "frontend": frozenset({"react", "vue", "angular", "svelte", "solid", "ember", "backbone", "jquery", "preact"}),
    "state": frozenset({"redux", "zustand", "mobx", "recoil", "jotai", "pinia", "vuex"}),
    "cloud": frozenset({"aws", "gcp", "azure", "heroku", "digitalocean", "linode", "fargate", "ecs fargate",
                        "eks", "google cloud", "cloud run", "fly.io", "vercel", "netlify", "cloudflare"}),
    "bundler": frozenset({"webpack", "vite", "parcel", "rollup", "esbuild", "turbopack"}),
    "design": frozenset({"adobe express", "figma", "sketch", "penpot", "photoshop", "illustrator", "procreate", "canva",
                         "affinity", "indesign", "adobe xd", "framer", "gimp", "inkscape"}),
    "tracker": frozenset({"jira", "linear", "trello", "asana", "clickup", "youtrack", "shortcut", "basecamp",
                          "azure devops", "monday.com", "github projects", "github issues", "gitlab issues"}),
    "testing": frozenset({"selenium", "playwright", "cypress", "puppeteer", "webdriverio", "testcafe", "appium",
                          "katalon", "robot framework", "nightwatch"}),
    # (not "mocha", "jasmine": a drink and a name first)
    "unit tests": frozenset({"pytest", "unittest", "jest", "vitest", "junit", "rspec", "nose2", "phpunit", "testng"}),
    "video calls": frozenset({"zoom", "google meet", "webex", "skype", "gotomeeting", "whereby", "jitsi"}),
    "docs": frozenset({"notion", "confluence", "obsidian", "evernote", "onenote", "coda", "google docs", "quip"}),
    "crm": frozenset({"salesforce", "hubspot", "pipedrive", "zoho crm", "dynamics 365", "zendesk sell"}),
    "chat": frozenset({"slack", "teams", "microsoft teams", "discord", "mattermost", "zulip"}),
    "ci": frozenset({"jenkins", "github actions", "circleci", "gitlab ci", "travis", "buildkite", "teamcity"}),
    # (not "spring", "rails", "flask", "express", "phoenix": words and places first)
    "backend": frozenset({"django", "ruby on rails", "laravel", "spring boot", "expressjs", "express.js", "fastapi",
                          "nestjs", "symfony", "asp.net", "golang"}),
    "engine": frozenset({"unity", "godot", "unreal", "unreal engine", "gamemaker", "bevy", "cryengine", "defold"}),
    "ml": frozenset({"pytorch", "tensorflow", "jax", "keras", "mxnet", "theano", "caffe"}),
    "cad": frozenset({"solidworks", "siemens nx", "autocad", "fusion 360", "revit", "catia", "creo",
                      "onshape", "sketchup", "archicad", "freecad", "vectorworks"}),
    "code host": frozenset({"github", "gitlab", "bitbucket", "codeberg", "sourcehut", "gitea"}),
    # (not "opera", "edge", "arc", "safari", "spark": words first)
    "browser": frozenset({"chrome", "google chrome", "firefox", "brave", "vivaldi", "microsoft edge", "chromium",
                          "duckduckgo browser"}),
    "email": frozenset({"gmail", "outlook", "hotmail", "protonmail", "proton mail", "yahoo mail", "fastmail",
                        "icloud mail", "thunderbird", "apple mail", "hey.com"}),
    "e-reader": frozenset({"kindle", "kobo", "nook", "remarkable", "boox"}),
    "accounts": frozenset({"xero", "quickbooks", "freshbooks", "myob", "sage", "wave", "freeagent"}),
    "passwords": frozenset({"1password", "lastpass", "bitwarden", "dashlane", "keepass", "keeper"}),
    # (not "x", "threads": words first)
    "social": frozenset({"instagram", "facebook", "tiktok", "twitter", "snapchat", "linkedin", "bluesky", "mastodon",
                         "reddit", "pinterest", "bereal", "tumblr"}),
    "office suite": frozenset({"microsoft 365", "office 365", "google workspace", "g suite", "libreoffice"}),
    "language app": frozenset({"duolingo", "babbel", "memrise", "busuu", "rosetta stone", "pimsleur"}),
    "storage": frozenset({"dropbox", "google drive", "onedrive", "icloud", "icloud drive", "google photos",
                          "amazon photos", "pcloud", "mega"}),
    "music": frozenset({"spotify", "apple music", "tidal", "deezer", "youtube music", "amazon music", "soundcloud"}),
}


def tech_kind(value: str) -> str | None:
    """The kind of tool ``value`` names ("neovim" -> "editor"), if it is one of a kind that does one job."""
    low = value.lower()
    found = next((kind for kind, names in TECH_KINDS.items() if low in names), None)
    first, _, rest = value.partition(" ")
    if found is None and rest and all(w[:1].isupper() or w[:1].isdigit() for w in rest.split()):
        # "IntelliJ IDEA", "Postgres 16": a name the lexicon knows, then more of its name
        found = next((kind for kind, names in TECH_KINDS.items() if first.lower() in names), None)
    return found


# what one drinks, said without "drink": "switched to matcha", "I have coffee every day", "I live on coffee"
DRINKING = frozenset({"switch_to", "change_to", "go_back_to", "stick_to", "live_on", "have", "move_to", "run_on"})


# words that put a name in the world of work: "left Barclays and joined Monzo" (Monzo tagged a person)
WORK_WORDS = frozenset({"job", "work", "role", "left", "quit", "hired", "company", "team", "office", "position",
                        "offer", "employer", "boss", "colleagues", "resigned", "notice", "startup", "firm"})


# what one does because it needs doing, never a pastime
CHORES = frozenset({"laundry", "washing", "dishes", "ironing", "hoovering", "vacuuming", "shopping", "homework",
                    "taxes", "paperwork", "housework", "chores", "cleaning", "admin", "errands", "groceries"})



def _phrases(words: str) -> frozenset[str]:
    """A word list written one entry per word, "-" joining the words of a multi-word entry."""
    return frozenset(w.replace("-", " ") for w in words.split())


# dishes people name as a favourite food ("curry has overtaken lasagne as my favourite"), matched as the whole name
DISHES = _phrases("""pizza pasta lasagne lasagna curry tacos taco burritos burrito ramen pho sushi dumplings gyoza
noodles risotto paella burgers burger steak fajitas nachos enchiladas quesadillas kebab kebabs falafel hummus
shawarma biryani dal daal korma tikka pad-thai laksa bibimbap kimchi bulgogi tempura udon soba katsu dim-sum bao
gnocchi ravioli carbonara bolognese spaghetti mac-and-cheese chili chilli stew goulash pie roast casserole omelette
pancakes waffles crepes croissants bagels sandwiches salad soup tagine couscous moussaka souvlaki gyros pierogi
schnitzel fondue raclette poutine jambalaya gumbo brisket ribs wings fried-chicken fish-and-chips ceviche
empanadas arepas tamales pozole satay rendang nasi-goreng tom-yum massaman dosa samosas pakoras jollof""")

# music genres ("opera has replaced punk on my playlists"), matched as the whole name
# (not the words that more often name something else: house, country, garage, drill, trap, pop, swing)
MUSIC_GENRES = _phrases("""jazz blues rock punk pop-punk metal heavy-metal death-metal indie indie-rock indie-pop
folk country-music bluegrass soul funk disco house-music deep-house techno trance dubstep drum-and-bass dnb
uk-garage grime rap hip-hop hiphop r&b rnb reggae reggaeton ska dancehall afrobeats k-pop kpop j-pop pop-music
classical opera gospel emo grunge synthwave synth-pop edm electronic ambient lo-fi lofi shoegaze post-rock
hardcore bossa-nova salsa flamenco americana motown""")


def favourite_of(value: str) -> str | None:
    """What a favourite said without its noun is a favourite of ("curry is my favourite now": food)."""
    return "food" if value.lower() in DISHES else None


# what a team's own software is called: "prod is on Mongo now", "our data's in Postgres", "the backend runs on X"
SYSTEM_NOUNS = frozenset({"app", "apps", "backend", "back-end", "stack", "service", "services", "product", "codebase",
                          "platform", "prod", "production", "data", "site", "website", "api", "infra",
                          "infrastructure", "system", "server", "servers", "db", "database"})


# what one smokes, said as given up ("6 months no fags", "packed in the cigs")
SMOKING = frozenset({"cigarettes", "cigs", "cig", "ciggy", "fag", "ciggies", "fags", "smokes", "smoking", "vaping",
                     "vapes", "cigarette", "tobacco", "nicotine"})
