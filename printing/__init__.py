"""Print the documents of a round: a registry of PDF documents."""
