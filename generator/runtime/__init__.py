"""How the work runs, whatever the work is; imports nothing of the rest.

    pool.py        the one worker pool: forked processes for pages, PDFs and simulations
    cache.py       the one disk cache: data by key, verified on read, bounded, shared by every build
    trust.py       whether a folder or file is this user's alone (the cache's folder and secret)
    files.py       files written whole or not at all (the one atomic write), locks, failpoints
    deps.py        the recorder a render step reports what it read to (the build's graph)
    collector.py   Python's garbage collector paused while a build or a check runs
    executors.py   --executor dask://host:port: simulations, pages and PDFs on a Dask cluster
    bundle.py      files sent as one value named by its digest, unpacked once per process
"""
