"""Convolution and Pooling (nx.txt): im2col / col2im, correlation and convolution,
pooling and unpooling, one-hot encoding."""
