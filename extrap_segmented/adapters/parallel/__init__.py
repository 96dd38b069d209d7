"""Local parallelism of the modelers: kernels in ordered chunks on joblib (loky) worker processes."""
