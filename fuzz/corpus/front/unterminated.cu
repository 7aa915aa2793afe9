"unterminated
/* unterminated comment
