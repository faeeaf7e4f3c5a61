"""The game by the numbers: random rounds through a family's engine, tallied with 95 %
intervals. It knows no family by name: a family describes what to simulate as a
``Simulation`` (run.py), and the caller hands it the family of a game.

    stats.py            tallies, Wilson and normal intervals, the precision worth printing
    run.py              Metric, Simulation, Numbers; rounds in batches until precise, seeds
    store.py            figures kept in memory and in the disk cache; many at once on the pool
    configurations.py   which configurations of a game its page shows
"""
