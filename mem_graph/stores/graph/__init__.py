"""Graph stores behind one Protocol (see base.py); the Cypher lives in cypher_store.py."""
