/* The read floor of a journal and how it splits over two threads: every day file (`*.jsonl` whose
 * name starts with a digit, at any depth under DIR) read into a buffer and its newlines found with
 * memchr, no parsing; each round times one thread, then two (files handed out one at a time), and
 * prints both and their ratio. Beside `demeter-bench` it shows what the host allows two threads that
 * stream the files through memory (README, "Against DuckDB").
 *
 *   cc -O2 -pthread -o /tmp/read_floor Tests/Tools/read_floor.c
 *   /tmp/read_floor /tmp/corpora/large 5
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { buffer_size = 1 << 21 };
static char **paths;
static long path_count, next_path;
static pthread_mutex_t next_lock = PTHREAD_MUTEX_INITIALIZER;

static void add_path(const char *path) {
  paths = realloc(paths, (path_count + 1) * sizeof *paths);
  paths[path_count++] = strdup(path);
}

static void find_day_files(const char *folder) {
  DIR *listing = opendir(folder);
  if (!listing) return;
  struct dirent *entry;
  char path[4096];
  while ((entry = readdir(listing))) {
    if (entry->d_name[0] == '.') continue;
    snprintf(path, sizeof path, "%s/%s", folder, entry->d_name);
    size_t length = strlen(entry->d_name);
    if (entry->d_type == DT_DIR) find_day_files(path);
    else if (entry->d_name[0] >= '0' && entry->d_name[0] <= '9' && length > 6
             && strcmp(entry->d_name + length - 6, ".jsonl") == 0)
      add_path(path);
  }
  closedir(listing);
}

static void *read_files(void *unused) {
  (void)unused;
  char *buffer = malloc(buffer_size);
  long lines = 0;
  for (;;) {
    pthread_mutex_lock(&next_lock);
    long index = next_path++;
    pthread_mutex_unlock(&next_lock);
    if (index >= path_count) break;
    int file = open(paths[index], O_RDONLY | O_CLOEXEC);
    if (file < 0) continue;
    ssize_t got;
    while ((got = read(file, buffer, buffer_size)) > 0)
      for (char *at = buffer, *end = buffer + got; (at = memchr(at, '\n', end - at)); at++) lines++;
    close(file);
  }
  free(buffer);
  return (void *)lines;
}

static double seconds_now(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return now.tv_sec + now.tv_nsec / 1e9;
}

static double timed_run(int threads) {
  pthread_t workers[2];
  next_path = 0;
  double start = seconds_now();
  for (int thread = 0; thread < threads; thread++) pthread_create(&workers[thread], NULL, read_files, NULL);
  for (int thread = 0; thread < threads; thread++) pthread_join(workers[thread], NULL);
  return seconds_now() - start;
}

int main(int argc, char **argv) {
  if (argc != 3 || atoi(argv[2]) < 1) {
    fprintf(stderr, "usage: read_floor DIR ROUNDS\n");
    return 2;
  }
  find_day_files(argv[1]);
  printf("%ld day files; one thread, two threads, ratio:\n", path_count);
  for (int round = 0; round < atoi(argv[2]); round++) {
    double one = timed_run(1), two = timed_run(2);
    printf("%.3f s %.3f s %.2fx\n", one, two, one / two);
  }
  return 0;
}
