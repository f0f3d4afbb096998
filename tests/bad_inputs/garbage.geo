# expect lang::syntax
hello world
