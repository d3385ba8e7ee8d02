"""The freeform crossword layout engine (a beam search over word placements), shared by
the crossword and fill-in kinds: `generator.make_layout` and `generator.number_grid`."""
