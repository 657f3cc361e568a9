"""Storage layer: vectors (Qdrant), graph (LadybugDB / Neo4j), history (SQLite)."""
