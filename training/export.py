"""Write a training checkpoint (JSON) as the packed weights file the game loads.

python3 training/export.py training/checkpoints/nets.best.json py/backgammon/bot/weights.bin
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from backgammon.bot.network import pack_networks


def main() -> None:
    source, target = Path(sys.argv[1]), Path(sys.argv[2])
    data = json.loads(source.read_text())
    nets = {name: (n["w1"], n["b1"], n["w2"], n["b2"]) for name, n in data["nets"].items()}
    target.write_bytes(pack_networks(nets))
    print(json.dumps(data["meta"]))
    print(f"{target}: {target.stat().st_size} bytes")


if __name__ == "__main__":
    main()
