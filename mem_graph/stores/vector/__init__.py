"""Vector stores behind one Protocol (see base.py)."""
