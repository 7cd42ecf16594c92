"""C front end: preprocess, parse (pycparserext's GNU C parser), check types,
and generate IR with debug metadata and Key Instructions atoms."""
