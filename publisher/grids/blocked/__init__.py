"""Blocked (newspaper-style) grids: the grid rules, bundled templates, a grid generator and
the fill engine that fills them from a scored word list. The blocked crossword and the
codeword both fill their grids here."""
