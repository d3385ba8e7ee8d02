"""What the Latin-square kinds share (Futoshiki, Skyscrapers, Calcudoku): random
squares, candidates with the Latin techniques, the technique ladder, the exact
counter and the dig towards a grade. A kind adds its own constraint techniques."""
