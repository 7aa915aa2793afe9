__shared__ float tile[32][33];







int host_side;






int x = 20;
int bad = 0x;
// warning:19:2: #warning this line warns [pp-warning]
// error:21:11: invalid suffix 'x' on integer constant [lex-bad-number]
