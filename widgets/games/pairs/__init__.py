"""Pairs' board and input on the shared game page.

=============  ====================================================================
module         what it holds
=============  ====================================================================
``board``      :class:`PairsBoard`: every seat's stack and score pile, Hit / Fold
``faces``      how Pairs' value cards look, and a row of them
``rounds``     each round as it ended (stacks, scores) from the history; the result in words
``rule_sets``  the rule sets offered (CardStock's, the rule sheet's, Continuous Pairs)
=============  ====================================================================
"""
