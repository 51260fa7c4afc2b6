"""Convolution and Pooling (seed 001): im2col / col2im, correlation and convolution,
pooling and unpooling, one-hot encoding."""
