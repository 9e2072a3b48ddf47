"""Serve the public: live pages, projector, where do I sit, the JSON API."""
