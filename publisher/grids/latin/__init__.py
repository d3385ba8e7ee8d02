"""What the Latin-square kinds share (Futoshiki, Skyscrapers, Calcudoku): random
squares, candidates with the Latin techniques, the technique ladder, the exact
counter, the dig towards a grade and its fast test (closure.py: the ladder's
fixpoint event-driven, shared between the dig's tests). A kind adds its own
constraint techniques."""
