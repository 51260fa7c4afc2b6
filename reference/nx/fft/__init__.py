"""FFT (seed 001): discrete Fourier transforms, sample frequencies and spectrum shifts."""
