"""Pictures for nonograms: the bundled text masks (pictures/<name>.txt: rows of '#' and
'.', a `# tags:` line), a text mask or a PNG beside the spec (PNG read with Pillow, turned
to black and white by a threshold at the grid size). Every picture is cropped to its ink
as it is read: a blank margin would only print rows and columns of "0" clues."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ...ground.files import MAX_LIST_BYTES, read_text
from ...ground.images import ImageProblem, read_image

FOLDER = Path(__file__).parent / "pictures"
THRESHOLD = 0.5          # a cell is shaded when at least half of it is dark
SMALLEST, LARGEST = 5, 40     # cells a side of a nonogram
# A PNG's pixels are read one by one (about a second a million): 2000 x 2000 is more
# than 40 cells a side need.
MAX_PIXELS = 4_000_000


class PictureError(ValueError):
    """A picture that cannot be used (says what to change)."""


@dataclass(frozen=True)
class Bundled:
    name: str
    tags: tuple[str, ...]
    rows: tuple[str, ...]


def parse_mask(lines: list[str], where: str) -> tuple[str, ...]:
    """Rows of '#' (shaded) and '.' (empty); comment lines (#, then a space) skipped."""
    rows = [line.strip() for line in lines
            if line.strip() and not line.startswith("# ") and line.strip() != "#"]
    if not rows:
        raise PictureError(f"{where}: no rows; write rows of '#' (shaded) and '.' (empty)")
    width = len(rows[0])
    for number, row in enumerate(rows, 1):
        if set(row) - {"#", "."}:
            raise PictureError(f"{where}: row {number} holds {sorted(set(row) - {'#', '.'})}; "
                               "use only '#' (shaded) and '.' (empty)")
        if len(row) != width:
            raise PictureError(f"{where}: row {number} has {len(row)} cells, the first "
                               f"{width}; every row needs the same length")
    if not any("#" in row for row in rows):
        raise PictureError(f"{where}: every cell is empty; shade some with '#'")
    return crop_mask(tuple(rows))


def bundled() -> list[Bundled]:
    out = []
    for path in sorted(FOLDER.glob("*.txt")):
        lines = path.read_text(encoding="utf-8").splitlines()
        tags = next((tuple(t.strip() for t in line.split(":", 1)[1].split(",") if t.strip())
                     for line in lines if line.startswith("# tags:")), ())
        out.append(Bundled(path.stem, tags, parse_mask(lines, str(path))))
    return out


def bundled_picture(name: str) -> Bundled | None:
    path = FOLDER / f"{name}.txt"
    if not name.replace("-", "").isalnum() or not path.is_file():
        return None
    return next(b for b in bundled() if b.name == name)


def read_picture_file(path: Path) -> tuple[tuple[str, ...] | None, list[list[float]] | None]:
    """(mask rows, None) for a text file; (None, darkness 0..1 per pixel) for a PNG."""
    if path.suffix.lower() == ".png":
        try:
            grey = read_image(path, MAX_PIXELS, "LA")
        except ImageProblem as exc:
            raise PictureError(f"{exc}; {exc.fix or 'give a PNG picture of black on white'}") from None
        width, height = grey.size
        flat = getattr(grey, "get_flattened_data", None) or grey.getdata
        data = list(flat())
        # transparent pixels count as white paper
        return None, crop([[(255 - l) * a / 65025 for l, a in data[y * width:(y + 1) * width]]
                           for y in range(height)])
    return parse_mask(read_text(path, MAX_LIST_BYTES).splitlines(), str(path)), None


def crop(darkness: list[list[float]]) -> list[list[float]]:
    """The rows and columns from the first to the last holding a dark pixel (at least
    THRESHOLD); all of it when none does."""
    rows = [r for r, line in enumerate(darkness) if max(line) >= THRESHOLD]
    cols = [c for c in range(len(darkness[0])) if any(line[c] >= THRESHOLD for line in darkness)]
    if not rows:
        return darkness
    return [line[cols[0]:cols[-1] + 1] for line in darkness[rows[0]:rows[-1] + 1]]


def resample(darkness: list[list[float]], rows: int, cols: int) -> tuple[str, ...]:
    """Each cell shaded when the pixels it covers are at least THRESHOLD dark on average
    (area sampling: a cell covers a rectangle of the source)."""
    height, width = len(darkness), len(darkness[0])
    out = []
    for r in range(rows):
        y0, y1 = r * height / rows, (r + 1) * height / rows
        line = []
        for c in range(cols):
            x0, x1 = c * width / cols, (c + 1) * width / cols
            total = area = 0.0
            for y in range(int(y0), min(height, int(-(-y1 // 1)))):
                wy = min(y + 1, y1) - max(y, y0)
                for x in range(int(x0), min(width, int(-(-x1 // 1)))):
                    wx = min(x + 1, x1) - max(x, x0)
                    total += darkness[y][x] * wx * wy
                    area += wx * wy
            line.append("#" if area and total / area >= THRESHOLD else ".")
        out.append("".join(line))
    return tuple(out)


def mask_darkness(rows: tuple[str, ...]) -> list[list[float]]:
    return [[1.0 if ch == "#" else 0.0 for ch in row] for row in rows]


def in_shape(height: int, width: int, longest: int) -> tuple[int, int]:
    """(rows, cols) with `longest` the longer side and height:width kept (SMALLEST at
    least)."""
    scale = longest / max(height, width)
    return max(SMALLEST, round(height * scale)), max(SMALLEST, round(width * scale))


def crop_mask(rows: tuple[str, ...]) -> tuple[str, ...]:
    """A mask cropped to its shaded cells (see `crop`)."""
    return tuple("".join("#" if v else "." for v in row) for row in crop(mask_darkness(rows)))
