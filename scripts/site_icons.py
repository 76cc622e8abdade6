"""The app's icons as PNG (and favicon.ico), drawn with the standard library only.

The drawing follows web/icon.svg (a 64-unit board: frame, cloth, points, one checker of each colour),
so the installed app and the tab show the same picture. Used by build.py.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable

Colour = tuple[int, int, int, int]
Shape = Callable[[float, float], bool]

TRANSPARENT: Colour = (0, 0, 0, 0)
FRAME: Colour = (0x6B, 0x44, 0x23, 255)
CLOTH: Colour = (0x2F, 0x6B, 0x3F, 255)
LIGHT_POINT: Colour = (0xE9, 0xDC, 0xC0, 255)
DARK_POINT: Colour = (0x8F, 0x2D, 0x2D, 255)
WHITE_CHECKER: Colour = (0xF3, 0xF0, 0xE8, 255)
BLACK_CHECKER: Colour = (0x2A, 0x26, 0x24, 255)
CHECKER_EDGE: Colour = (0x33, 0x33, 0x33, 255)


def samples_per_side(size: int) -> int:
    """Sub-samples per pixel side: enough to smooth the edges, few enough to draw quickly."""
    return 2 if size >= 128 else 4


def rounded_rect(left: float, top: float, size: float, radius: float) -> Shape:
    right, bottom = left + size, top + size

    def inside(x: float, y: float) -> bool:
        if not (left <= x <= right and top <= y <= bottom):
            return False
        dx = max(left + radius - x, 0.0, x - (right - radius))
        dy = max(top + radius - y, 0.0, y - (bottom - radius))
        return dx * dx + dy * dy <= radius * radius

    return inside


def triangle(tip_x: float, base_y: float, tip_y: float, half_width: float = 4.0) -> Shape:
    """A point of the board: base centred on tip_x at base_y, narrowing to the tip."""

    def inside(x: float, y: float) -> bool:
        if not (min(base_y, tip_y) <= y <= max(base_y, tip_y)):
            return False
        reach = half_width * (tip_y - y) / (tip_y - base_y)
        return abs(x - tip_x) <= reach

    return inside


def disc(cx: float, cy: float, radius: float) -> Shape:
    return lambda x, y: (x - cx) ** 2 + (y - cy) ** 2 <= radius * radius


# Painted in order, the last match wins (as in the SVG).
LAYERS: list[tuple[Shape, Colour]] = [
    (rounded_rect(0, 0, 64, 10), FRAME),
    (rounded_rect(5, 5, 54, 4), CLOTH),
    *[(triangle(tip, 8, 30), LIGHT_POINT) for tip in (12, 24, 40, 52)],
    *[(triangle(tip, 56, 34), DARK_POINT) for tip in (18, 30, 46)],
    (disc(22, 44, 6.5), CHECKER_EDGE),
    (disc(22, 44, 5.5), WHITE_CHECKER),
    (disc(42, 20, 6.5), (0, 0, 0, 255)),
    (disc(42, 20, 5.5), BLACK_CHECKER),
]


def colour_at(x: float, y: float) -> Colour:
    colour = TRANSPARENT
    for inside, fill in LAYERS:
        if inside(x, y):
            colour = fill
    return colour


def render(size: int, maskable: bool = False) -> list[bytes]:
    """RGBA rows of the icon at `size` px. A maskable icon fills the square with the frame colour
    and keeps the picture inside the central safe zone that launchers never crop."""
    scale = 0.72 if maskable else 1.0
    offset = 64 * (1 - scale) / 2
    samples = samples_per_side(size)
    rows = []
    for py in range(size):
        row = bytearray()
        for px in range(size):
            totals = [0, 0, 0, 0]
            for sy in range(samples):
                for sx in range(samples):
                    x = ((px + (sx + 0.5) / samples) / size * 64 - offset) / scale
                    y = ((py + (sy + 0.5) / samples) / size * 64 - offset) / scale
                    colour = colour_at(x, y)
                    if maskable and colour[3] == 0:
                        colour = FRAME
                    alpha = colour[3]
                    totals[0] += colour[0] * alpha
                    totals[1] += colour[1] * alpha
                    totals[2] += colour[2] * alpha
                    totals[3] += alpha
            alpha_sum = totals[3]
            if alpha_sum == 0:
                row += b"\0\0\0\0"
            else:
                row += bytes(
                    [
                        totals[0] // alpha_sum,
                        totals[1] // alpha_sum,
                        totals[2] // alpha_sum,
                        alpha_sum // (samples * samples),
                    ]
                )
        rows.append(bytes(row))
    return rows


def png(rows: list[bytes]) -> bytes:
    """A PNG file (8-bit RGBA, no filtering) from RGBA rows."""
    height, width = len(rows), len(rows[0]) // 4

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    pixels = zlib.compress(b"".join(b"\0" + row for row in rows), 9)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")


def ico(png_data: bytes, size: int) -> bytes:
    """A favicon.ico holding one PNG image (supported by every current browser)."""
    header = struct.pack("<HHH", 0, 1, 1)
    entry = struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(png_data), 6 + 16)
    return header + entry + png_data


def icon_files() -> dict[str, bytes]:
    """Every icon file of the site, by its path in dist/."""
    favicon = png(render(32))
    return {
        "icons/icon-192.png": png(render(192)),
        "icons/icon-512.png": png(render(512)),
        "icons/icon-maskable-512.png": png(render(512, maskable=True)),
        "icons/apple-touch-icon.png": png(render(180, maskable=True)),
        "favicon.ico": ico(favicon, 32),
    }
