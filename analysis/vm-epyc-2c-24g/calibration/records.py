"""The committed run records of this host (results/vm-epyc-2c-24g/, the host named by the folder above this one), cell
by cell, for the calibration scripts beside this file. The scripts read every record there is, so their figures grow
with the records; UNTIL=2026-11-27T14:30:00Z (an ISO instant) leaves out the runs started after it, to reproduce a
figure quoted at that time."""
import glob
import json
import os

# analysis/<host>/calibration/records.py reads results/<host>/
_HOST_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HOST = os.path.join(os.path.dirname(os.path.dirname(_HOST_DIR)), "results", os.path.basename(_HOST_DIR))
UNTIL = os.environ.get("UNTIL")


def cells(profile="quick", jdk="*"):
    """(record, cell) for every cell of every run.json of {profile} under results/<host>/<jdk>/, in path order."""
    for path in sorted(glob.glob(os.path.join(HOST, jdk, "*", "run.json"))):
        with open(path) as f:
            record = json.load(f)
        if record.get("profile") != profile or (UNTIL and record["started"] > UNTIL):
            continue
        for cell in record["results"]:
            yield record, cell
