"""The site around the pages: the home page, rooms, the teacher's pages, and how Voilà is
started.

===========  ===============================================================================
module       what it holds
===========  ===============================================================================
``home``     the home page and lesson 1's table of lessons
``room``     students in several browsers playing any game together, through a room code
``teacher``  the teacher's page: open a class, see live how the students answer, export CSV
``kit``      the teacher's kit: each lesson's guide and student handout, printable
``timing``   how long a lesson takes, from its words and its activities (the home page's
             minutes)
``serve``    how tests and the benchmark start Voilà like ``make play`` does
``server``   Voilà settings that live in code (TCP_NODELAY on the websocket)
``kernels``  the server's kernel pools: never culled while waiting, no dead kernel handed
             out, filled in turns, ready again at once after a visitor
===========  ===============================================================================
"""
