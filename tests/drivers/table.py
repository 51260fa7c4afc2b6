"""A driver made from a table of NumPy functions with `adapters.driver.CallableTable`."""

import numpy as np

from adapters.driver import CallableTable, serve

if __name__ == "__main__":
    serve(CallableTable({"nx.add": np.add, "nx.neg": np.negative}, name="table", version="1"))
