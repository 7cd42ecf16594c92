/* Translation limit: 127 nesting levels of blocks (C11 5.2.4.1), here each the body of an
 * `if`; found while fuzzing tests/fuzz (the `nest` mutator), written by hand.
 * configuration: atomc -O0, -O1, -O2, compared with gcc -O0
 * symptom: atomc-reject: "error: expected valid C syntax (the parser gave up: RecursionError)"
 *   on valid code: the recursive-descent parser overflows Python's recursion limit at
 *   about 110 nested `if (...) {` / `while (...) {` / `for (;;) {` / `switch` blocks
 *   (100 pass; bare `{ }` blocks pass at 150); gcc prints 127.
 * signature: error: expected valid C syntax (the parser gave up: RecursionError)
 * open at:
 * status: passes with the front end in the working tree of 2026-11-22 08:05 (was open at all levels)
 */
#include <stdio.h>

int main(void) {
    int x = 0;
    if (x < 1000) { x++;
      if (x < 1000) { x++;
        if (x < 1000) { x++;
          if (x < 1000) { x++;
            if (x < 1000) { x++;
              if (x < 1000) { x++;
                if (x < 1000) { x++;
                  if (x < 1000) { x++;
                    if (x < 1000) { x++;
                      if (x < 1000) { x++;
                        if (x < 1000) { x++;
                          if (x < 1000) { x++;
                            if (x < 1000) { x++;
                              if (x < 1000) { x++;
                                if (x < 1000) { x++;
                                  if (x < 1000) { x++;
                                    if (x < 1000) { x++;
                                      if (x < 1000) { x++;
                                        if (x < 1000) { x++;
                                          if (x < 1000) { x++;
                                            if (x < 1000) { x++;
                                              if (x < 1000) { x++;
                                                if (x < 1000) { x++;
                                                  if (x < 1000) { x++;
                                                    if (x < 1000) { x++;
                                                      if (x < 1000) { x++;
                                                        if (x < 1000) { x++;
                                                          if (x < 1000) { x++;
                                                            if (x < 1000) { x++;
                                                              if (x < 1000) { x++;
                                                                if (x < 1000) { x++;
                                                                  if (x < 1000) { x++;
                                                                    if (x < 1000) { x++;
                                                                      if (x < 1000) { x++;
                                                                        if (x < 1000) { x++;
                                                                          if (x < 1000) { x++;
                                                                            if (x < 1000) { x++;
                                                                              if (x < 1000) { x++;
                                                                                if (x < 1000) { x++;
                                                                                  if (x < 1000) { x++;
                                                                                    if (x < 1000) { x++;
                                                                                      if (x < 1000) { x++;
                                                                                        if (x < 1000) { x++;
                                                                                          if (x < 1000) { x++;
                                                                                            if (x < 1000) { x++;
                                                                                              if (x < 1000) { x++;
                                                                                                if (x < 1000) { x++;
                                                                                                  if (x < 1000) { x++;
                                                                                                    if (x < 1000) { x++;
                                                                                                      if (x < 1000) { x++;
                                                                                                        if (x < 1000) { x++;
                                                                                                          if (x < 1000) { x++;
                                                                                                            if (x < 1000) { x++;
                                                                                                              if (x < 1000) { x++;
                                                                                                                if (x < 1000) { x++;
                                                                                                                  if (x < 1000) { x++;
                                                                                                                    if (x < 1000) { x++;
                                                                                                                      if (x < 1000) { x++;
                                                                                                                        if (x < 1000) { x++;
                                                                                                                          if (x < 1000) { x++;
                                                                                                                            if (x < 1000) { x++;
                                                                                                                              if (x < 1000) { x++;
                                                                                                                                if (x < 1000) { x++;
                                                                                                                                  if (x < 1000) { x++;
                                                                                                                                    if (x < 1000) { x++;
                                                                                                                                      if (x < 1000) { x++;
                                                                                                                                        if (x < 1000) { x++;
                                                                                                                                          if (x < 1000) { x++;
                                                                                                                                            if (x < 1000) { x++;
                                                                                                                                              if (x < 1000) { x++;
                                                                                                                                                if (x < 1000) { x++;
                                                                                                                                                  if (x < 1000) { x++;
                                                                                                                                                    if (x < 1000) { x++;
                                                                                                                                                      if (x < 1000) { x++;
                                                                                                                                                        if (x < 1000) { x++;
                                                                                                                                                          if (x < 1000) { x++;
                                                                                                                                                            if (x < 1000) { x++;
                                                                                                                                                              if (x < 1000) { x++;
                                                                                                                                                                if (x < 1000) { x++;
                                                                                                                                                                  if (x < 1000) { x++;
                                                                                                                                                                    if (x < 1000) { x++;
                                                                                                                                                                      if (x < 1000) { x++;
                                                                                                                                                                        if (x < 1000) { x++;
                                                                                                                                                                          if (x < 1000) { x++;
                                                                                                                                                                            if (x < 1000) { x++;
                                                                                                                                                                              if (x < 1000) { x++;
                                                                                                                                                                                if (x < 1000) { x++;
                                                                                                                                                                                  if (x < 1000) { x++;
                                                                                                                                                                                    if (x < 1000) { x++;
                                                                                                                                                                                      if (x < 1000) { x++;
                                                                                                                                                                                        if (x < 1000) { x++;
                                                                                                                                                                                          if (x < 1000) { x++;
                                                                                                                                                                                            if (x < 1000) { x++;
                                                                                                                                                                                              if (x < 1000) { x++;
                                                                                                                                                                                                if (x < 1000) { x++;
                                                                                                                                                                                                  if (x < 1000) { x++;
                                                                                                                                                                                                    if (x < 1000) { x++;
                                                                                                                                                                                                      if (x < 1000) { x++;
                                                                                                                                                                                                        if (x < 1000) { x++;
                                                                                                                                                                                                          if (x < 1000) { x++;
                                                                                                                                                                                                            if (x < 1000) { x++;
                                                                                                                                                                                                              if (x < 1000) { x++;
                                                                                                                                                                                                                if (x < 1000) { x++;
                                                                                                                                                                                                                  if (x < 1000) { x++;
                                                                                                                                                                                                                    if (x < 1000) { x++;
                                                                                                                                                                                                                      if (x < 1000) { x++;
                                                                                                                                                                                                                        if (x < 1000) { x++;
                                                                                                                                                                                                                          if (x < 1000) { x++;
                                                                                                                                                                                                                            if (x < 1000) { x++;
                                                                                                                                                                                                                              if (x < 1000) { x++;
                                                                                                                                                                                                                                if (x < 1000) { x++;
                                                                                                                                                                                                                                  if (x < 1000) { x++;
                                                                                                                                                                                                                                    if (x < 1000) { x++;
                                                                                                                                                                                                                                      if (x < 1000) { x++;
                                                                                                                                                                                                                                        if (x < 1000) { x++;
                                                                                                                                                                                                                                          if (x < 1000) { x++;
                                                                                                                                                                                                                                            if (x < 1000) { x++;
                                                                                                                                                                                                                                              if (x < 1000) { x++;
                                                                                                                                                                                                                                                if (x < 1000) { x++;
                                                                                                                                                                                                                                                  if (x < 1000) { x++;
                                                                                                                                                                                                                                                    if (x < 1000) { x++;
                                                                                                                                                                                                                                                      if (x < 1000) { x++;
                                                                                                                                                                                                                                                        if (x < 1000) { x++;
                                                                                                                                                                                                                                                          if (x < 1000) { x++;
                                                                                                                                                                                                                                                            if (x < 1000) { x++;
                                                                                                                                                                                                                                                              if (x < 1000) { x++;
                                                                                                                                                                                                                                                                if (x < 1000) { x++;
                                                                                                                                                                                                                                                                }
                                                                                                                                                                                                                                                              }
                                                                                                                                                                                                                                                            }
                                                                                                                                                                                                                                                          }
                                                                                                                                                                                                                                                        }
                                                                                                                                                                                                                                                      }
                                                                                                                                                                                                                                                    }
                                                                                                                                                                                                                                                  }
                                                                                                                                                                                                                                                }
                                                                                                                                                                                                                                              }
                                                                                                                                                                                                                                            }
                                                                                                                                                                                                                                          }
                                                                                                                                                                                                                                        }
                                                                                                                                                                                                                                      }
                                                                                                                                                                                                                                    }
                                                                                                                                                                                                                                  }
                                                                                                                                                                                                                                }
                                                                                                                                                                                                                              }
                                                                                                                                                                                                                            }
                                                                                                                                                                                                                          }
                                                                                                                                                                                                                        }
                                                                                                                                                                                                                      }
                                                                                                                                                                                                                    }
                                                                                                                                                                                                                  }
                                                                                                                                                                                                                }
                                                                                                                                                                                                              }
                                                                                                                                                                                                            }
                                                                                                                                                                                                          }
                                                                                                                                                                                                        }
                                                                                                                                                                                                      }
                                                                                                                                                                                                    }
                                                                                                                                                                                                  }
                                                                                                                                                                                                }
                                                                                                                                                                                              }
                                                                                                                                                                                            }
                                                                                                                                                                                          }
                                                                                                                                                                                        }
                                                                                                                                                                                      }
                                                                                                                                                                                    }
                                                                                                                                                                                  }
                                                                                                                                                                                }
                                                                                                                                                                              }
                                                                                                                                                                            }
                                                                                                                                                                          }
                                                                                                                                                                        }
                                                                                                                                                                      }
                                                                                                                                                                    }
                                                                                                                                                                  }
                                                                                                                                                                }
                                                                                                                                                              }
                                                                                                                                                            }
                                                                                                                                                          }
                                                                                                                                                        }
                                                                                                                                                      }
                                                                                                                                                    }
                                                                                                                                                  }
                                                                                                                                                }
                                                                                                                                              }
                                                                                                                                            }
                                                                                                                                          }
                                                                                                                                        }
                                                                                                                                      }
                                                                                                                                    }
                                                                                                                                  }
                                                                                                                                }
                                                                                                                              }
                                                                                                                            }
                                                                                                                          }
                                                                                                                        }
                                                                                                                      }
                                                                                                                    }
                                                                                                                  }
                                                                                                                }
                                                                                                              }
                                                                                                            }
                                                                                                          }
                                                                                                        }
                                                                                                      }
                                                                                                    }
                                                                                                  }
                                                                                                }
                                                                                              }
                                                                                            }
                                                                                          }
                                                                                        }
                                                                                      }
                                                                                    }
                                                                                  }
                                                                                }
                                                                              }
                                                                            }
                                                                          }
                                                                        }
                                                                      }
                                                                    }
                                                                  }
                                                                }
                                                              }
                                                            }
                                                          }
                                                        }
                                                      }
                                                    }
                                                  }
                                                }
                                              }
                                            }
                                          }
                                        }
                                      }
                                    }
                                  }
                                }
                              }
                            }
                          }
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
    printf("%d\n", x);
    return 0;
}
