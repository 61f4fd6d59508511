"""The sweep runner: ``plan`` validates and lists runs, ``schedule`` hands them to workers,
``execute`` runs one, ``sweep`` ties them together with the sweep's folder."""
