"""Printable PDFs: HTML (from web/) to PDF with WeasyPrint, checked and imposed.

    render.py       WeasyPrint on the worker pool or a Dask cluster, through the disk cache
    overflow.py     no line lost: every box of a laid-out document inside its page
    imposition.py   an A5 booklet padded to a multiple of four, imposed two-up on A4
    fetcher.py      what WeasyPrint may read: data: URLs and the bundle's files
    assets.py       the bundle: the print stylesheets, fonts and images, named by digest
"""
