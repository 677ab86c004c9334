"""Open Face Chinese Poker in the lessons (lesson 10).

``coach``: foul or sound, and a hand of OFC placement by placement.
"""
