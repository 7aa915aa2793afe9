struct S {
	__global__ void launchme();
};
