"""Print-and-play PDFs built from the same game data as the companion's engines."""
