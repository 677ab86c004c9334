"""The site around the pages: the home page, rooms, and how Voilà is started.

======  ====================================================================
module  what it holds
======  ====================================================================
``home``  the home page and lesson 1's table of lessons
``room``  two students in two browsers, through a room code
``serve``  how tests and the benchmark start Voilà like ``make play`` does
``server``  Voilà settings that live in code (TCP_NODELAY on the websocket)
======  ====================================================================
"""
