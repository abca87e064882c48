"""MLEM rules, one module per clause area (``spec/mlem/clauses.yaml``).

Each module changes a :class:`~.work.Work` copy of the state; ``engine.apply`` dispatches
actions to them. The modules import one another in one direction only (no cycle, so no
resume registry is needed): ``work`` and ``order`` at the bottom; then ``goals``, ``setup``,
``end`` (an expedition ends, the next starts), ``landing`` (which ends expeditions), ``crash``
(which hands over to the parachute decisions of ``landing``), ``ufo``, ``exploration``,
``travel`` (a move, then the UFO, the tokens and the landing), ``roll`` (or a crash);
``takeoff``, ``missions``, ``draws``, ``scoring`` and ``observe`` sit on top.
"""
