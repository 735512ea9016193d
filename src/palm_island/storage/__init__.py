"""Everything that reads or writes files: card data, records, the database."""
