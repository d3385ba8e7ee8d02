"""Image files a spec names (a cover's background, a nonogram's picture), read with
Pillow and checked as the spec is read: the size from the header before any pixel is
decoded, so that a huge picture is refused at once, and Pillow's own warnings (a
"decompression bomb") never print raw: our message says what is wrong."""
from __future__ import annotations

import stat
import warnings
from pathlib import Path

from PIL import Image, UnidentifiedImageError


class ImageProblem(ValueError):
    """What is wrong with an image file, and what to do when only the file's size says
    (else the caller, who knows what the image is for, says it)."""

    def __init__(self, what: str, fix: str | None = None):
        super().__init__(what)
        self.fix = fix


def read_image(path: Path, max_pixels: int, mode: str | None = None) -> Image.Image:
    """The image at `path`, decoded (converted to `mode`), if it is a readable image of at
    most `max_pixels`."""
    name = repr(path.name)
    try:
        info = path.stat()
    except OSError:
        raise ImageProblem(f"{name} is not a file beside the spec") from None
    if not stat.S_ISREG(info.st_mode):          # a FIFO would block the read
        raise ImageProblem(f"{name} is not a regular file")
    if info.st_size == 0:
        raise ImageProblem(f"{name} is an empty file (0 bytes), not an image")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")           # our size limit says it instead
        try:
            image = Image.open(path)
        except Image.DecompressionBombError:
            raise too_large(name, None, max_pixels) from None
        except (UnidentifiedImageError, OSError, SyntaxError, ValueError):
            raise ImageProblem(f"{name} is not an image (no PNG or JPEG can be read from "
                               "it: another kind of file named like one, or damaged)") from None
        with image:
            if image.width * image.height > max_pixels:
                raise too_large(name, image.size, max_pixels)
            try:
                image.load()
            except (OSError, SyntaxError, ValueError, EOFError):
                raise ImageProblem(f"{name} is damaged: its pixels cannot all be read (cut "
                                   "short, or a bad copy)") from None
            return image.convert(mode) if mode else image.copy()


def too_large(name: str, size: tuple[int, int] | None, max_pixels: int) -> ImageProblem:
    side = int(max_pixels ** 0.5)
    has = f"is {size[0]:,} x {size[1]:,} pixels, more than" if size else "has more than"
    return ImageProblem(f"{name} {has} the {max_pixels:,} pixels accepted",
                        f"scale it down to at most that ({side:,} x {side:,}, say)")
