"""The packages of the distribution: the source in generator/ is installed as `rulebook`
(a name of the product's own, not one any project could claim), and the built-in theme in
templates/ (templates, stylesheets, scripts, fonts, catalogs) as `rulebook.theme`, so that an
installed rulebook builds a site from any folder. Everything else is in pyproject.toml."""

from setuptools import find_packages, setup

SOURCE = {"rulebook": "generator", "rulebook.theme": "templates"}

setup(
    packages=["rulebook", *(f"rulebook.{name}" for name in find_packages("generator")),
              "rulebook.theme"],
    package_dir=SOURCE,
    package_data={"rulebook.theme": ["**/*"]},
    include_package_data=False,
)
