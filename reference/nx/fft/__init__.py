"""FFT (nx.txt): discrete Fourier transforms, sample frequencies and spectrum shifts."""
