/* The floor of a warm cohort report: only the status call of every day file of every journal
 * directly under DIR, on THREADS threads, as the cache rules require of a warm run (README,
 * "Many journals"). Prints the total of the files' sizes.
 *
 *   cc -O2 -pthread -o /tmp/stat_floor Tests/Tools/stat_floor.c
 *   /usr/bin/time -f "%e s, %U+%S s CPU" /tmp/stat_floor /tmp/cohort1000 2
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *root;
static char **journals;
static long journal_count, thread_count, sizes[64];

static void *stat_journals(void *argument) {
  long thread = (long)argument, total = 0;
  char path[4096];
  for (long index = thread; index < journal_count; index += thread_count) {
    snprintf(path, sizeof path, "%s/%s", root, journals[index]);
    int folder = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    DIR *listing = folder < 0 ? NULL : fdopendir(folder);
    if (!listing) continue;
    struct dirent *entry;
    struct stat status;
    while ((entry = readdir(listing)))
      if (entry->d_name[0] != '.' && fstatat(folder, entry->d_name, &status, 0) == 0
          && S_ISREG(status.st_mode))
        total += status.st_size;
    closedir(listing);
  }
  sizes[thread] = total;
  return NULL;
}

int main(int argc, char **argv) {
  if (argc != 3 || (thread_count = atol(argv[2])) < 1 || thread_count > 64) {
    fprintf(stderr, "usage: stat_floor DIR THREADS (1-64)\n");
    return 2;
  }
  root = argv[1];
  DIR *top = opendir(root);
  if (!top) { perror(root); return 3; }
  struct dirent *entry;
  while ((entry = readdir(top)))
    if (entry->d_name[0] != '.') {
      journals = realloc(journals, (journal_count + 1) * sizeof *journals);
      journals[journal_count++] = strdup(entry->d_name);
    }
  closedir(top);
  pthread_t threads[64];
  for (long thread = 0; thread < thread_count; thread++)
    pthread_create(&threads[thread], NULL, stat_journals, (void *)thread);
  long total = 0;
  for (long thread = 0; thread < thread_count; thread++) {
    pthread_join(threads[thread], NULL);
    total += sizes[thread];
  }
  printf("%ld bytes in the day files of %ld journals\n", total, journal_count);
  return 0;
}
