"""What the Latin-square kinds share (Futoshiki, Skyscrapers, Calcudoku): random
squares, candidates with the Latin techniques, the technique ladder, the dig
towards a grade and its fast test (closure.py: the ladder's fixpoint event-driven,
shared between the dig's tests), and the search that proves extreme's one solution
from where the ladder stops. A kind adds its own constraint techniques."""
