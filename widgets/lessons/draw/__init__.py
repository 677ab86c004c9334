"""Classic poker and 5-card draw in the lessons.

``classic_poker``: lesson 8, classic poker's ranking, side by side with WarPairsPoker's,
the disagreements, and a draw table.
"""
