"""`rulebook build`: rules in, a published site out, incrementally and atomically.

    backbone.py   the steps in order, each taking the build's context
    context.py    what a build is asked and answers, the context, what a step makes
    games.py      1 load and check       plan.py   2 plan the site and its named values
    simulate.py   3 the changed games' "By the numbers", into the disk cache
    pages.py      4 pages (pages_cluster.py: the games' pages on a Dask cluster)
    fonts.py      5 web fonts
    search.py     6 search               pdfs.py   7 PDFs (and the findings a PDF can have)
    publish.py    8 the atomic swap into the output folder
    graph.py      9 the dependency graph kept beside the output, and what is stale
    export.py     `rulebook pdf`: one game's PDFs, no site
"""

from .backbone import build, refused_output
from .context import BuildConfig, BuildError, BuildResult, Preview
from .graph import GraphMemory

__all__ = ["BuildConfig", "BuildError", "BuildResult", "GraphMemory", "Preview", "build",
           "refused_output"]
