"""Mathematical Functions (seed 001): unary maths, rounding, atan2, hypot, lerp."""
