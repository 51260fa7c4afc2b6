"""Mathematical Functions (nx.txt): unary maths, rounding, atan2, hypot, lerp."""
