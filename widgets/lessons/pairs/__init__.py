"""Pairs in the lessons (lesson 9).

``hit_or_fold``: Pairs' deck and rules, the "hit or fold?" exercises; ``drills``: its rules
by doing on real positions.
"""
