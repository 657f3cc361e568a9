"""An attribute noun is never its own value, and one attribute of a qualified slot never ends another.

"it's my only car" says nothing about which car (it must not become the car "only car" that a new car
ends); "my favourite kind of music is hip hop" is the favourite music (not a favourite "kind"); and a
favourite band and a favourite colour are two attributes, so stating one never ends the other.
"""

from __future__ import annotations

from mem_graph import Memory
from tests.extraction.test_slot_changes import invalidated_after


def test_it_is_my_only_car_does_not_end_the_car_the_user_drives(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "I drive a Honda Civic", "it's my only car")
    assert ended == [], ended


def test_my_only_car_is_no_value_a_new_car_replaces(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "the Nissan Leaf is due for a service lol, it's my only car",
                              "I drive a Toyota RAV4 now")
    # what ends is the Nissan Leaf the turn pointed at with "it", never a car called "only car"
    assert all("Nissan Leaf" in f for f in ended if "only car" in f), ended


def test_my_phone_is_my_phone_says_no_phone(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "I have an iPhone 12", "ugh my phone is just a phone to me")
    assert ended == [], ended


def test_a_favourite_kind_of_music_is_the_favourite_music(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "my favourite kind of music is hip hop",
                              "my favourite music is jazz now")
    assert any("hip hop" in f for f in ended), ended


def test_a_favourite_type_of_food_and_a_favourite_kind_of_music_are_two(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "my favourite kind of music is hip hop",
                              "my favourite type of food is sushi")
    assert ended == [], ended


def test_a_favourite_colour_does_not_end_the_favourite_band(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "my favourite band is radiohead", "my favourite colour is blue")
    assert ended == [], ended


def test_a_new_favourite_band_still_ends_the_old_one(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "my favourite band is radiohead",
                              "my favourite band is the national now")
    assert any("radiohead" in f for f in ended), ended
