"""The ground floor: modules any layer may use. They import nothing of ours above them
(only each other and `publisher.errors` / `publisher.data`)."""
