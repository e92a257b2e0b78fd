"""Draws the PNG and ICO icons from the same shapes as icon.svg (a table of four players):
python scripts/make_icons.py"""

from pathlib import Path

from PIL import Image, ImageDraw

HERE = Path(__file__).resolve().parent.parent / "companion" / "static" / "icons"


def draw(size: int) -> Image.Image:
    scale = 4  # drawn large, then reduced: smooth edges
    big = size * scale
    unit = big / 64
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    pen = ImageDraw.Draw(image)
    pen.rounded_rectangle((0, 0, big - 1, big - 1), radius=14 * unit, fill="#14161a")

    def disc(x: float, y: float, r: float, colour: str) -> None:
        pen.ellipse(((x - r) * unit, (y - r) * unit, (x + r) * unit, (y + r) * unit),
                    fill=colour)

    disc(32, 32, 15, "#f5c542")
    for x, y in ((32, 9), (32, 55), (9, 32), (55, 32)):
        disc(x, y, 5, "#eceff4")
    return image.resize((size, size), Image.LANCZOS)


if __name__ == "__main__":
    for size in (192, 512):
        draw(size).save(HERE / f"icon-{size}.png", optimize=True)
    draw(64).save(HERE / "favicon.ico", sizes=[(16, 16), (32, 32), (48, 48)])
