//! Certificates and their independent checker (placeholder; depends only on `problems`).
