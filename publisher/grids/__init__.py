"""What several kinds share (drawing helpers, grid engines); kinds import it, never each other."""
