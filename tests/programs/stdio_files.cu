// The C stdio file API on the host: fopen/fclose, fprintf/fputs/fputc/fwrite
// to a file, fgets/fgetc/ungetc/fread/fscanf back, fseek/ftell/rewind,
// feof/ferror, sscanf, tmpfile, rename, remove; stdin at end of file.
#include <cstdio>
#include <cstring>
#include <cstdlib>

__global__ void square(float *v, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		v[i] = v[i] * v[i];
}

int main()
{
	const char *name = "stdio_files.out.tmp";
	const char *moved = "stdio_files.moved.tmp";
	FILE *f = fopen(name, "w");
	if (!f) {
		printf("cannot create %s\n", name);
		return 1;
	}
	fprintf(f, "%d %f %s\n", 42, 3.5, "word");
	fputs("second line\n", f);
	fputc('x', f);
	fputc('\n', f);
	float v[8];
	for (int i = 0; i < 8; i++)
		v[i] = (float)i + 0.5f;
	float *d;
	cudaMalloc(&d, sizeof(v));
	cudaMemcpy(d, v, sizeof(v), cudaMemcpyHostToDevice);
	square<<<1, 8>>>(d, 8);
	cudaMemcpy(v, d, sizeof(v), cudaMemcpyDeviceToHost);
	cudaFree(d);
	size_t w = fwrite(v, sizeof(float), 8, f);
	printf("fwrite %zu, ftell %ld\n", w, ftell(f));
	printf("fclose %d\n", fclose(f));

	f = fopen(name, "rb");
	int n = 0;
	double x = 0;
	char word[16];
	int got = fscanf(f, "%d %lf %15s", &n, &x, word);
	printf("fscanf %d: %d %.2f %s\n", got, n, x, word);
	char line[64];
	fgetc(f);                       /* the newline after "word" */
	printf("fgets: %s", fgets(line, sizeof(line), f));
	int c = fgetc(f);
	ungetc(c, f);
	int c2 = fgetc(f);
	printf("fgetc/ungetc: %c %c\n", c, c2);
	fgetc(f);
	float back[8];
	size_t r = fread(back, sizeof(float), 8, f);
	printf("fread %zu:", r);
	for (int i = 0; i < 8; i++)
		printf(" %g", back[i]);
	printf("\n");
	int before = feof(f) != 0;
	c = fgetc(f);
	printf("at end: feof before %d, fgetc %d, feof %d ferror %d\n", before, c, feof(f) != 0, ferror(f) != 0);
	fseek(f, 0, SEEK_END);
	long size = ftell(f);
	rewind(f);
	long pos = ftell(f);
	printf("size %ld, after rewind ftell %ld feof %d\n", size, pos, feof(f) != 0);
	fseek(f, 3, SEEK_SET);
	printf("fgets from 3: %s", fgets(line, 6, f));
	printf("\n");
	fclose(f);

	printf("rename %d\n", rename(name, moved));
	printf("fopen old name: %s\n", fopen(name, "r") ? "opened" : "NULL");
	int rm1 = remove(moved);
	int rm2 = remove(moved);
	printf("remove %d, again %d\n", rm1, rm2);
	printf("fopen missing: %s\n", fopen("no/such/dir/file", "r") ? "opened" : "NULL");

	FILE *t = tmpfile();
	fprintf(t, "7,8,9");
	rewind(t);
	int a1, a2, a3, k;
	k = fscanf(t, "%d,%d,%d", &a1, &a2, &a3);
	printf("tmpfile fscanf %d: %d %d %d\n", k, a1, a2, a3);
	fclose(t);

	unsigned u;
	char rest[32], ch;
	short s;
	k = sscanf("  0x1f -12 abc:def Q", "%x %hd %[a-z]:%s %c", &u, &s, word, rest, &ch);
	printf("sscanf %d: %u %d %s %s %c\n", k, u, s, word, rest, ch);
	int cnt = 0;
	k = sscanf("12345", "%3d%n", &n, &cnt);
	printf("sscanf width %d: %d n=%d\n", k, n, cnt);
	k = sscanf("", "%d", &n);
	printf("sscanf empty %d,", k);
	k = sscanf("abc", "%d", &n);
	printf(" mismatch %d\n", k);
	float fv;
	k = sscanf("1.5e2 rest", "%f %*s", &fv);
	printf("sscanf float %d: %g\n", k, fv);

	c = getchar();
	k = scanf("%d", &n);
	printf("stdin: getchar %d, scanf %d\n", c, k);
	return 0;
}
