"""The book's own words (not the puzzles'), in the book's language."""
from __future__ import annotations

STRINGS = {
    "en": {"answers": "Answers", "answer_on": "Answer on page {page}",
           "answer_on_sheet": "Answer: answer sheet, page {page}",
           "on_page": "{title} (page {page})", "puzzles": ("puzzle", "puzzles", "puzzles")},
    "es": {"answers": "Soluciones", "answer_on": "Solución en la página {page}",
           "answer_on_sheet": "Solución: hoja de soluciones, página {page}",
           "on_page": "{title} (página {page})",
           "puzzles": ("pasatiempo", "pasatiempos", "pasatiempos")},
    "ru": {"answers": "Ответы", "answer_on": "Ответ на стр. {page}",
           "answer_on_sheet": "Ответ: лист ответов, стр. {page}",
           "on_page": "{title} (стр. {page})",
           "puzzles": ("головоломка", "головоломки", "головоломок")},
}


class Words:
    def __init__(self, language: str):
        self.table = STRINGS.get(language, STRINGS["en"])
        self.language = language if language in STRINGS else "en"

    def answers(self) -> str:
        return self.table["answers"]

    def answer_on(self, page: int) -> str:
        return self.table["answer_on"].format(page=page)

    def answer_on_sheet(self, page: int) -> str:
        return self.table["answer_on_sheet"].format(page=page)

    def on_page(self, title: str, page: int) -> str:
        return self.table["on_page"].format(title=title, page=page)

    def count_puzzles(self, count: int) -> str:
        one, few, many = self.table["puzzles"]
        if self.language == "ru":     # 1, 21 головоломка; 2-4 головоломки; 5-20 головоломок
            tail, tens = count % 10, count % 100
            form = one if tail == 1 and tens != 11 else (
                few if 2 <= tail <= 4 and not 12 <= tens <= 14 else many)
        else:
            form = one if count == 1 else many
        return f"{count} {form}"
